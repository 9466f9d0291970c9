// Progress of a long push/pull/translate. On a terminal (stderr is a TTY) a cli-progress bar is
// redrawn in place and result lines are printed above it; in CI logs (no TTY) there is no bar,
// only the result lines, so logs stay readable.
import { MultiBar, type SingleBar } from "cli-progress";
import type { CliIo } from "./io";

export interface Progress {
  /** A result line (stdout). */
  log(line: string): void;
  /** A problem line (stderr). */
  warn(line: string): void;
  /** Sets the bar's position (and total, when it changes) and the item being worked on. */
  update(value: number, total: number, item: string): void;
  stop(): void;
}

export function startProgress(io: CliIo, label: string, total: number): Progress {
  if (!io.stderr.isTTY) {
    return {
      log: (line) => void io.stdout.write(`${line}\n`),
      warn: (line) => void io.stderr.write(`${line}\n`),
      update: () => {},
      stop: () => {},
    };
  }
  const multi = new MultiBar({
    stream: io.stderr as NodeJS.WritableStream,
    format: `${label} [{bar}] {value}/{total} {item}`,
    barCompleteChar: "#",
    barIncompleteChar: "-",
    // A hidden cursor would stay hidden after Ctrl-C (cli-progress restores it only on stop()).
    hideCursor: false,
    clearOnComplete: true,
    autopadding: true,
  });
  const bar: SingleBar = multi.create(total, 0, { item: "" });
  // Lines printed while the bar is drawn go above it; when stdout is not the terminal they go to
  // stdout as usual.
  const above = (line: string) => multi.log(`${line}\n`);
  return {
    log: (line) => (io.stdout.isTTY ? above(line) : void io.stdout.write(`${line}\n`)),
    warn: above,
    update: (value, newTotal, item) => {
      if (newTotal !== bar.getTotal()) bar.setTotal(newTotal);
      bar.update(value, { item });
    },
    // stop() alone would drop lines still waiting for the next redraw.
    stop: () => {
      multi.update();
      multi.stop();
    },
  };
}

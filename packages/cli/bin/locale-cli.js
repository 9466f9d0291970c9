#!/usr/bin/env node
// The `locale-cli` command. A committed file (not dist/) so installing the package never warns
// about a missing bin target; it runs the compiled CLI.
import { runCli } from "../dist/main.js";

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});

#!/usr/bin/env node
// The `formats` command. A committed file (not dist/) so that installing the package, or the
// workspace, never warns about a missing bin target; it runs the compiled CLI.
import { main } from "../dist/cli.js";

process.exitCode = main(process.argv.slice(2));

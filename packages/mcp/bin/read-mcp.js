#!/usr/bin/env node
import { runReadMcp } from "../dist/run-read-mcp.js";

process.exitCode = await runReadMcp(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });

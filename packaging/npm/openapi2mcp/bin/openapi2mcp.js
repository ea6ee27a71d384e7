#!/usr/bin/env node
// Runs the openapi2mcp binary that the platform's package (an optional dependency npm
// installed for this operating system and CPU only) carries, with this process's
// arguments, standard streams and environment, and exits as it does.
"use strict";

const { spawnSync } = require("node:child_process");

const platform = `${process.platform}-${process.arch}`;
const executable = process.platform === "win32" ? "openapi2mcp.exe" : "openapi2mcp";
let binary;
try {
  binary = require.resolve(`openapi2mcp-${platform}/bin/${executable}`);
} catch {
  console.error(
    `openapi2mcp: no binary for ${platform} was installed (the package openapi2mcp-${platform}); ` +
      "reinstall without --no-optional, or install with `cargo install openapi2mcp`",
  );
  process.exit(2);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  console.error(`openapi2mcp: cannot run ${binary}: ${result.error.message}`);
  process.exit(2);
}
if (result.signal) {
  // Die of the same signal, as a shell expects of the command it ran.
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 2);

// Assembles the npm packages of one release: for each platform whose binary is given, a
// package carrying it (`os` and `cpu` set, so npm installs only the one that fits), and
// the `openapi2mcp` package, whose launcher runs it and which names each platform's
// package as an optional dependency at the same version.
//
//   node packaging/npm/assemble.mjs OUT_DIR VERSION PLATFORM=BINARY...
//   node packaging/npm/assemble.mjs dist/npm 0.1.0 linux-x64=target/release/openapi2mcp
//
// PLATFORM is Node's `${process.platform}-${process.arch}`: linux-x64, linux-arm64,
// darwin-x64, darwin-arm64, win32-x64. Each OUT_DIR/NAME is then `npm pack`ed or
// `npm publish`ed, the platforms' packages first.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [out, version, ...binaries] = process.argv.slice(2);
if (!out || !/^\d+\.\d+\.\d+/.test(version ?? "") || binaries.length === 0) {
  console.error("usage: node assemble.mjs OUT_DIR VERSION PLATFORM=BINARY...");
  process.exit(2);
}
const main = JSON.parse(readFileSync(join(here, "openapi2mcp", "package.json"), "utf8"));
main.version = version;
for (const given of binaries) {
  const [platform, binary] = given.split("=");
  const [os, cpu] = platform.split("-");
  if (!binary || !["linux", "darwin", "win32"].includes(os) || !["x64", "arm64"].includes(cpu)) {
    console.error(`not PLATFORM=BINARY with a known platform: ${given}`);
    process.exit(2);
  }
  const name = `openapi2mcp-${platform}`;
  const executable = os === "win32" ? "openapi2mcp.exe" : "openapi2mcp";
  mkdirSync(join(out, name, "bin"), { recursive: true });
  copyFileSync(binary, join(out, name, "bin", executable));
  chmodSync(join(out, name, "bin", executable), 0o755);
  const manifest = {
    name,
    version,
    description: `The openapi2mcp binary for ${platform}: install openapi2mcp, which runs it`,
    license: main.license,
    os: [os],
    cpu: [cpu],
    files: [`bin/${executable}`],
    preferUnplugged: true,
  };
  writeFileSync(join(out, name, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  for (const file of ["LICENSE-MIT", "LICENSE-APACHE"]) {
    copyFileSync(join(here, "..", "..", file), join(out, name, file));
  }
  main.optionalDependencies[name] = version;
}
mkdirSync(join(out, "openapi2mcp", "bin"), { recursive: true });
copyFileSync(join(here, "openapi2mcp", "bin", "openapi2mcp.js"), join(out, "openapi2mcp", "bin", "openapi2mcp.js"));
chmodSync(join(out, "openapi2mcp", "bin", "openapi2mcp.js"), 0o755);
writeFileSync(join(out, "openapi2mcp", "package.json"), JSON.stringify(main, null, 2) + "\n");
for (const file of ["README.md", "LICENSE-MIT", "LICENSE-APACHE"]) {
  copyFileSync(join(here, "..", "..", file), join(out, "openapi2mcp", file));
}
console.log(`assembled openapi2mcp ${version} for ${binaries.map((b) => b.split("=")[0]).join(", ")} in ${out}`);

// Judges manifests the way MCP clients do: ajv (the validator of the official TypeScript
// SDK) checks every tool against the MCP `Tool` schema, and checks and compiles its
// inputSchema and outputSchema as JSON Schema 2020-12, patterns as `new RegExp(p, "u")`.
//
// Usage: AJV_FROM=DIR node check.mjs MCP_SCHEMA.json MANIFEST...
// DIR is a node_modules holding ajv and ajv-formats (tests/servers/ts/node_modules after
// `npm install`). Prints `MANIFEST: TOOL: problem` lines and a summary; exits 1 on any.
import { createRequire } from "module";
import fs from "fs";

const require = createRequire(process.env.AJV_FROM + "/");
const Ajv2020 = require("ajv/dist/2020").default;
const Ajv = require("ajv").default;
const addFormats = require("ajv-formats").default;

const [mcpPath, ...manifests] = process.argv.slice(2);
const mcp = JSON.parse(fs.readFileSync(mcpPath, "utf8"));
const defs = mcp.$defs ? "$defs" : "definitions";
const mcpAjv = new (String(mcp.$schema).includes("2020") ? Ajv2020 : Ajv)({ strict: false });
addFormats(mcpAjv);
const validTool = mcpAjv.compile({ ...mcp, $ref: `#/${defs}/Tool` });

let tools = 0;
let failing = 0;
for (const path of manifests) {
  const ajv = new Ajv2020({ strict: false, logger: false });
  addFormats(ajv);
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path, "utf8"));
  } catch (e) {
    console.log(`${path}: unreadable: ${e.message}`);
    failing++;
    continue;
  }
  for (const tool of manifest.tools) {
    tools++;
    const problems = [];
    if (!validTool(tool)) problems.push(`MCP Tool: ${mcpAjv.errorsText(validTool.errors)}`);
    for (const field of ["inputSchema", "outputSchema"]) {
      if (!tool[field]) continue;
      if (!ajv.validateSchema(tool[field])) {
        problems.push(`${field}: meta-schema: ${ajv.errorsText(ajv.errors)}`);
        continue;
      }
      try {
        ajv.compile(tool[field]);
      } catch (e) {
        problems.push(`${field}: compile: ${e.message.split("\n")[0]}`);
      }
    }
    if (problems.length) failing++;
    for (const problem of problems) console.log(`${path}: ${tool.name}: ${problem}`);
  }
}
console.log(`ajv check: ${manifests.length} manifests, ${tools} tools, ${failing} failing`);
process.exit(failing ? 1 : 0);

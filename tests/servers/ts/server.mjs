// An MCP server built with the official TypeScript SDK, for the verify tests. It lists the
// tools of a manifest:
//   node server.mjs MANIFEST faithful   as written
//   node server.mjs MANIFEST nested     annotations one level off: {"annotations": {"hints": {...}}}
//   node server.mjs MANIFEST dropped    no annotations at all
//   node server.mjs MANIFEST toplevel   hints at the tool's top level, beside its name
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [manifestPath, mode] = process.argv.slice(2);
const tools = JSON.parse(readFileSync(manifestPath, "utf8")).tools.map((tool) => {
  const { annotations, ...rest } = tool;
  if (!annotations) return rest;
  if (mode === "faithful") return { ...rest, annotations };
  if (mode === "nested") return { ...rest, annotations: { hints: annotations } };
  if (mode === "toplevel") return { ...rest, ...annotations };
  return rest;
});

const server = new Server({ name: "openapi2mcp-test", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
await server.connect(new StdioServerTransport());

// Every tool of a spec, called through `openapi2mcp serve` (over MCP, by the official
// TypeScript SDK's client) in front of Stoplight Prism's mock (`prism mock --errors`), which
// checks each request it receives against the spec. Each tool is called twice: with its
// required arguments only, then with all of them, both generated from its inputSchema by
// json-schema-faker (seeded, so a run repeats).
//   node prism_check.mjs OPENAPI2MCP SPEC
// Prints one JSON object: {"tools", "calls", "rejected": [...], "unsent": [...]}. A rejected
// call is one Prism's validator refused, with the request and Prism's reasons; an unsent one
// is a call whose generated arguments serve refused (the generator's fault, not a request).
// Credentials come from the environment, as for `serve`.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { JSONSchemaFaker } from "json-schema-faker";

const [openapi2mcp, spec] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const ATTEMPTS = 5;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Prism's log, kept whole: the validator's reasons for each refused request are in it.
// `prism.dead` says whether it has exited since.
async function startPrism(port, log) {
  const prism = spawn(join(here, "node_modules", ".bin", "prism"), [
    "mock", "--errors", "-h", "127.0.0.1", "-p", String(port), spec,
  ]);
  const append = (chunk) => { log.text += chunk.toString(); };
  prism.stdout.on("data", append);
  prism.stderr.on("data", append);
  const start = log.text.length;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start:\n${log.text}`)), 120_000);
    const ready = () => {
      if (log.text.includes("Prism is listening", start)) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout.on("data", ready);
    prism.stderr.on("data", ready);
    prism.once("exit", (code) => {
      clearTimeout(timer);
      prism.dead = true;
      reject(new Error(`prism exited (${code}):\n${log.text}`));
    });
  });
  return prism;
}

// json-schema-faker knows no `contentEncoding`: a pattern makes it write base64.
function fakeable(schema) {
  if (Array.isArray(schema)) return schema.map(fakeable);
  if (schema === null || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, fakeable(v)]));
  if (copy.contentEncoding === "base64" && copy.pattern === undefined) {
    copy.pattern = "^(?:[A-Za-z0-9+/]{4}){1,8}$";
  }
  return copy;
}

// A deterministic stream of numbers in [0, 1) (mulberry32).
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Formats json-schema-faker does not know, that Prism checks.
JSONSchemaFaker.format("url", () => "https://example.com/a");

function generate(schema, requiredOnly, seed) {
  JSONSchemaFaker.option({
    requiredOnly,
    alwaysFakeOptionals: !requiredOnly,
    fixedProbabilities: true,
    fillProperties: false,
    useDefaultValue: false,
    useExamplesValue: false,
    failOnInvalidTypes: false,
    failOnInvalidFormat: false,
    maxItems: 3,
    refDepthMax: 2,
    random: seeded(seed),
  });
  return JSONSchemaFaker.generate(fakeable(schema ?? { type: "object" }));
}

// The validator's reasons for the refused requests, in the order Prism logged them.
function refusals(log) {
  const found = [];
  let request = "";
  let current = null;
  for (const line of log.split("\n")) {
    const received = line.match(/\[HTTP SERVER\] (\S+ \S+) .*Request received/);
    if (received) {
      request = received[1];
      current = null;
    } else if (line.includes("Request did not pass the validation rules")) {
      current = { request, problems: [] };
      found.push(current);
    } else if (current && /\[VALIDATOR\] .*error/.test(line)) {
      current.problems.push(line.replace(/^.*error\s+/, ""));
    }
  }
  return found;
}

const RECEIVED = /Request received/g;
const ANSWERED = /Responding with "\d+"|Request terminated with error/g;

function count(text, pattern) {
  return (text.match(pattern) ?? []).length;
}

// Until Prism has logged a request since its log was `mark` long, and an answer to each
// request since, or has exited; a minute at most, a limit that only catches a hang.
async function settled(mark) {
  for (let waited = 0; waited < 60_000; waited += 10) {
    const since = log.text.slice(mark);
    const received = count(since, RECEIVED);
    if (prism.dead || (received > 0 && count(since, ANSWERED) >= received)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`prism logged no answer to a request:\n${log.text.slice(-2000)}`);
}

// Serve refused the arguments and sent nothing: the generator's miss, tried again.
function unsent(result) {
  const text = result.content?.[0]?.text ?? "";
  return result.isError && result._meta?.["openapi2mcp/http"] === undefined
    && (text.startsWith("invalid arguments, nothing was sent") || text.startsWith("argument '"));
}

// Prism's errors about its own mock response, not about the request.
const MOCK_ERRORS = ["#NO_RESPONSE_RESPONSE_DEFINED", "#NO_COMPLEX_OBJECT_TEXT"];

// An answer Prism made itself about the request (not a response it found invalid, which is
// the spec's business and Prism's mock's).
function refusedByPrism(text) {
  let problem;
  try {
    problem = JSON.parse(text.slice(text.indexOf("{")));
  } catch {
    return false;
  }
  if (!String(problem?.type ?? "").startsWith("https://stoplight.io/prism/errors#")) return false;
  if (MOCK_ERRORS.some((error) => problem.type.endsWith(error))) return false;
  const locations = (problem.validation ?? []).map((v) => v.location?.[0]);
  return !(problem.type.endsWith("#VIOLATIONS") && locations.length > 0
    && locations.every((l) => l === "response"));
}

const port = await freePort();
const log = { text: "" };
let prism = await startPrism(port, log);
const client = new Client({ name: "prism-check", version: "1.0.0" });
try {
  await client.connect(
    new StdioClientTransport({
      command: openapi2mcp,
      args: ["serve", spec, "--base-url", `http://127.0.0.1:${port}`, "--retries", "0"],
      env: process.env,
      stderr: "ignore",
    }),
  );
  const { tools } = await client.listTools();
  const report = { tools: tools.length, calls: 0, rejected: [], unsent: [], crashed: [] };
  for (const tool of tools) {
    for (const requiredOnly of [true, false]) {
      let result;
      let args;
      let before = 0;
      let mark = 0;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        args = generate(tool.inputSchema, requiredOnly, attempt + 1);
        before = refusals(log.text).length;
        mark = log.text.length;
        result = await client.callTool({ name: tool.name, arguments: args });
        if (!unsent(result)) break;
      }
      if (unsent(result)) {
        // What json-schema-faker cannot write (2020-12 keywords it reads as draft 4), left out.
        const text = result.content?.[0]?.text ?? "";
        const faulty = [...text.matchAll(/argument '([^']+)'/g)].map((m) => m[1]);
        const required = tool.inputSchema?.required ?? [];
        args = Object.fromEntries(Object.entries(args).filter(([k]) => required.includes(k) || !faulty.includes(k)));
        before = refusals(log.text).length;
        mark = log.text.length;
        result = await client.callTool({ name: tool.name, arguments: args });
      }
      const text = result.content?.[0]?.text ?? "";
      if (unsent(result)) {
        report.unsent.push({ tool: tool.name, requiredOnly, arguments: args, text });
        continue;
      }
      report.calls += 1;
      const status = result._meta?.["openapi2mcp/http"]?.status;
      // Prism logs through another pipe than it answers: wait until it has logged this
      // request to its end (or exited), so that what it says is this call's.
      if (status !== undefined || text.startsWith("the request failed")) {
        await settled(mark);
      }
      if (prism.dead) {
        // Prism itself failed on this request: its error, and a new Prism for the rest.
        const since = log.text.lastIndexOf("Request received");
        const error = log.text.slice(since).match(/^\w*Error: .*$/m);
        report.crashed.push({ tool: tool.name, requiredOnly, arguments: args, error: error?.[0] ?? log.text.slice(since) });
        prism = await startPrism(port, log);
        continue;
      }
      const refused = refusals(log.text).slice(before);
      if (status === undefined || refused.length > 0 || refusedByPrism(text)) {
        report.rejected.push({
          tool: tool.name,
          requiredOnly,
          arguments: args,
          status,
          answer: text.slice(0, 600),
          refused,
        });
      }
    }
  }
  report.refusals = refusals(log.text).length;
  console.log(JSON.stringify(report));
} finally {
  await client.close();
  prism.kill();
}

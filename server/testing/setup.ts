// Per-worker test setup: a quiet, valid environment (the bundled offline map style: tests reach nothing outside this
// machine) and a fixed signing secret. Each test file opens its own
// database through test-database.ts, so files never share state.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv, setEnv } from "../env";
import { setProtocolCatalogue } from "../modules/protocol-port";
import { setAuthSecret } from "../security/auth-secret";
import { registryCatalogue } from "../tracker/protocol-catalogue";

setEnv(
  parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "fleetline-test-")),
    PORT: "0",
    MAP_STYLE_URL: "offline",
  }),
);
setAuthSecret("test-secret-test-secret-test-secret-0123456789");
// what the server sets first thing at start-up (server.ts): the domain names IO and reads protocols through it
setProtocolCatalogue(registryCatalogue);

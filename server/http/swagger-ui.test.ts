// The local Swagger UI at /docs: page, initializer and files from node_modules, nothing from a CDN, no traversal.
import { describe, expect, it } from "vitest";
import { GET as getFile } from "../../app/docs/[file]/route";
import { GET as getPage } from "../../app/docs/route";
import { GET as unknownApi } from "../../app/api/[...unknown]/route";

const file = (name: string) => getFile(new Request(`http://fleetline.test/docs/${name}`), { params: Promise.resolve({ file: name }) });

describe("Swagger UI at /docs", () => {
  it("serves a page that loads only same-origin files", async () => {
    const response = getPage();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain('src="/docs/swagger-ui-bundle.js"');
    expect(html).toContain('href="/docs/swagger-ui.css"');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("serves the initializer pointed at /api/openapi.json and the swagger-ui-dist files", async () => {
    const init = await file("init.js");
    expect(await init.text()).toContain('"/api/openapi.json"');
    const bundle = await file("swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const css = await file("swagger-ui.css");
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("serves nothing outside its list", async () => {
    for (const name of ["package.json", "../package.json", "..%2F..%2Fpackage.json", "index.html", "constructor"]) {
      expect((await file(name)).status, name).toBe(404);
    }
  });
});

describe("unknown /api paths", () => {
  it("answer a JSON 404 in the API's error shape", async () => {
    const response = unknownApi();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
  });
});

// The next-auth route caps bodies before next-auth reads them (it has no limit of its own).
import { describe, expect, it } from "vitest";
import { POST } from "./route";

describe("POST /api/auth/*", () => {
  it("refuses a body above 64 KiB with 413 before next-auth sees it", async () => {
    const request = new Request("http://fleetline.test/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=a%40b.test&password=${"x".repeat(70 * 1024)}`,
    });
    const response = await POST(request, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The request body is larger than 64 KiB.", code: "PAYLOAD_TOO_LARGE" });
  });
});

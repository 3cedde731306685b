// The small pages behind the signed links of notification e-mails (unsubscribe, acknowledge): a GET shows what the
// link does and a button (mail scanners follow GETs, so a GET changes nothing); the POST does it. Plain HTML, no
// session, no script.
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function linkPage(input: { title: string; text: string; button?: { label: string; token: string }; status?: number }): Response {
  const form = input.button
    ? `<form method="post"><input type="hidden" name="token" value="${escape(input.button.token)}"><button type="submit">${escape(input.button.label)}</button></form>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(input.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><h1>${escape(input.title)}</h1><p>${escape(input.text)}</p>${form}</body></html>`;
  return new Response(html, { status: input.status ?? 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** the token of a POST: the query (RFC 8058 one-click posts to the List-Unsubscribe URL) or the confirm form's field */
export async function postedToken(request: Request): Promise<string | null> {
  const fromQuery = new URL(request.url).searchParams.get("token");
  if (fromQuery) return fromQuery;
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  const form = await request.formData().catch(() => null);
  const token = form?.get("token");
  return typeof token === "string" ? token : null;
}

// Asset photos on the asset page, in the production build: an admin uploads a JPEG (made with sharp here) and sees
// its thumbnail in the gallery, is told plainly why a GIF is refused, opens the photo full size and deletes it after
// confirming. The gallery fits a 360 px phone screen (no sideways scrolling).
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { signIn } from "../support/dashboard";

const image = (format: "jpeg" | "gif") =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    [format]()
    .toBuffer();

test("an admin uploads a photo of a vehicle, sees it in the gallery, and deletes it", { tag: "@phone" }, async ({ page, account, cli }) => {
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Photo Van"]);
  await page.goto(`/a/${account.key}/assets/${asset.id}`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Photo Van" })).toBeVisible();
  const gallery = page.locator("section").filter({ has: page.getByRole("heading", { name: "Photos" }) });
  await expect(gallery).toContainText("No photos yet.");

  // a GIF named .jpg is refused by what its bytes are
  await gallery.getByTestId("photo-input").setInputFiles({ name: "van.jpg", mimeType: "image/jpeg", buffer: await image("gif") });
  await expect(gallery.getByRole("alert")).toContainText("must be a JPEG, PNG or WebP image; the file sent is a GIF image");

  await gallery.getByTestId("photo-input").setInputFiles({ name: "van.jpg", mimeType: "image/jpeg", buffer: await image("jpeg") });
  const thumbnail = gallery.getByRole("list", { name: "Photos" }).getByRole("img");
  await expect(thumbnail).toHaveCount(1);
  await expect(gallery.getByRole("alert")).toHaveCount(0);
  // the thumbnail really loaded through the session route
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
  // a 360 px phone: the gallery and its buttons fit without sideways scrolling
  await page.setViewportSize({ width: 360, height: 740 });
  for (const part of [gallery, gallery.getByRole("button", { name: "Upload photo" }), thumbnail]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await thumbnail.click();
  const dialog = page.getByRole("dialog", { name: /^Photo \d+$/ });
  await expect(dialog).toContainText("640 × 480");
  await expect.poll(() => dialog.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await dialog.getByRole("button", { name: "Delete photo" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this photo?" });
  await confirm.getByRole("button", { name: "Delete photo" }).click();
  await expect(gallery).toContainText("No photos yet.");
});

// The account's primary colour on the passenger page, with text that stays readable on it: black or white, whichever
// contrasts more by WCAG 2's relative luminance. One of the two always reaches at least 4.58:1 (AA for normal text),
// whatever colour an admin picks.

import { PLATFORM_PRIMARY_COLOR } from "@/server/modules/tracking-links/platform-branding";

/** the page's colour when the link and the account chose none (the platform's, which the link info sends then) */
export const DEFAULT_BRAND_COLOR = PLATFORM_PRIMARY_COLOR;

const HEX = /^#([0-9a-f]{6})$/i;

export interface BrandColors {
  /** background: the brand colour */
  background: string;
  /** text and icons on it */
  foreground: "#000000" | "#ffffff";
}

/** WCAG 2 relative luminance of a #rrggbb colour, 0 (black) to 1 (white) */
export function relativeLuminance(hex: string): number {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** WCAG 2 contrast ratio of two luminances, 1 to 21 */
export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

export function brandColors(primary: string | null): BrandColors {
  const background = primary && HEX.test(primary) ? primary.toLowerCase() : DEFAULT_BRAND_COLOR;
  const luminance = relativeLuminance(background);
  const foreground = contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? "#000000" : "#ffffff";
  return { background, foreground };
}

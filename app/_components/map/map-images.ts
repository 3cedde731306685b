"use client";
// Images drawn in the browser and registered with addImage, so vehicle icons need no sprite sheet. The arrow is an
// SDF image: one white shape tinted per feature with icon-color.
import type { Map as MapLibreMap } from "maplibre-gl";

export const ARROW_IMAGE = "fleet-arrow";

export function ensureArrowImage(map: MapLibreMap): void {
  if (map.hasImage(ARROW_IMAGE)) return;
  const size = 32;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext("2d");
  if (!g) return;
  // pointing north; icon-rotate turns it to the course (degrees clockwise from north)
  g.fillStyle = "#ffffff";
  g.beginPath();
  g.moveTo(16, 3);
  g.lineTo(27, 28);
  g.lineTo(16, 22);
  g.lineTo(5, 28);
  g.closePath();
  g.fill();
  map.addImage(ARROW_IMAGE, g.getImageData(0, 0, size, size), { sdf: true, pixelRatio: 2 });
}

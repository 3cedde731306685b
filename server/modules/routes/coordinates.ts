// A stop's position is a point: latitude and longitude together, or neither (a stop known only by name and
// address). One without the other is refused under the missing field.
import { AppError } from "../../errors";

export function ensureWholePoint(latitude: number | null, longitude: number | null): void {
  if ((latitude === null) === (longitude === null)) return;
  const field = latitude === null ? "latitude" : "longitude";
  const message = `give the ${field} too, or leave both empty`;
  throw new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}

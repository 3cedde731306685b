// Tag inputs, the TagDto every transport answers with. Tags are flat labels with a colour, attached to assets and
// drivers (docs/fleet-records.md "Tags").
import { z } from "zod";
import { AppError } from "../../errors";
import { requiredOr } from "../parse-input";

/** a tag sent without a colour gets this grey */
export const DEFAULT_TAG_COLOR = "#6b7280";

const ZId = z.number().int().positive();

export const ZTagBody = z
  .object({
    name: z
      .string({ error: requiredOr("must be a text") })
      .trim()
      .min(1, "must not be empty")
      .max(60, "must be at most 60 characters"),
    color: z
      .string({ error: "must be a colour #rrggbb" })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour #rrggbb")
      .transform((color) => color.toLowerCase())
      .optional()
      .meta({ description: `#rrggbb (stored lowercase); left out: ${DEFAULT_TAG_COLOR}.` }),
  })
  .strict()
  .meta({ id: "TagInput", description: "A tag's name (unique in the account, whatever the case) and colour." });

export const ZTagRef = z.object({ accountId: ZId, tagId: ZId });

export const ZTagDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.string().meta({ description: "#rrggbb" }),
    asset_count: z.number().int().meta({ description: "assets with this tag" }),
    driver_count: z.number().int().meta({ description: "drivers with this tag" }),
    created_at: z.string().meta({ description: "ISO 8601" }),
    updated_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "Tag" });
export type TagDto = z.infer<typeof ZTagDto>;

export const ZTagPage = z.object({ data: z.array(ZTagDto), next_cursor: z.string().nullable() }).meta({ id: "TagPage" });
export type TagPage = z.infer<typeof ZTagPage>;

export const tagSelect = {
  id: true,
  name: true,
  color: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { assets: true, drivers: true } },
} as const;

interface TagRow {
  id: number;
  name: string;
  color: string;
  createdAt: Date;
  updatedAt: Date;
  _count: { assets: number; drivers: number };
}

export function toTagDto(row: TagRow): TagDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    asset_count: row._count.assets,
    driver_count: row._count.drivers,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function tagNotFound(tagId: number): AppError {
  return new AppError("TAG_NOT_FOUND", `tag ${tagId} not found`);
}

export function tagNameTaken(name: string): AppError {
  return new AppError("TAG_NAME_TAKEN", `A tag named "${name}" already exists (tag names are unique, whatever their case).`, [
    { field: "name", message: "is already used by another tag" },
  ]);
}

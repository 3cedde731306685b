// The columns a link's input becomes, and the two the scheduler keeps: `within_schedule` (the state last announced)
// and `next_check_at` (when anything timed can next change). Create and update both write them through here.
import type { z } from "zod";
import { linkTiming, type LinkRecord } from "./link-record";
import { isWithinSchedule, nextBoundary } from "./link-timing";
import type { ZDestination, ZLinkBranding, ZLinkForm, ZSchedule } from "./tracking-links.schema";

type Destination = z.output<typeof ZDestination>;
type Schedule = z.output<typeof ZSchedule>;
type Branding = z.output<typeof ZLinkBranding>;
type LinkForm = z.output<typeof ZLinkForm>;

export function destinationColumns(destination: Destination | null) {
  return {
    destinationLat: destination?.lat ?? null,
    destinationLng: destination?.lng ?? null,
    destinationName: destination?.name ?? null,
    arrivalRadiusM: destination?.radiusM ?? null,
  };
}

export function scheduleColumns(schedule: Schedule | null) {
  return {
    scheduleDays: schedule?.days ?? [],
    scheduleStart: schedule?.start ?? null,
    scheduleEnd: schedule?.end ?? null,
    scheduleUntil: schedule?.until ?? null,
  };
}

/** no form is stored as no title and no choices */
export function formColumns(form: LinkForm | null) {
  return { formTitle: form?.title ?? null, formChoices: form?.choices ?? [] };
}

/** only the branding fields given (undefined leaves a field as it is) */
export function brandingColumns(branding: Branding) {
  return Object.fromEntries(Object.entries(branding).filter(([, value]) => value !== undefined)) as Partial<
    Record<keyof Branding, string | null>
  >;
}

/** the scheduler's columns for a link as it now stands */
export function schedulerColumns(link: LinkRecord, now: number): { withinSchedule: boolean; nextCheckAt: Date | null } {
  const timing = linkTiming(link);
  const live = link.active && link.expiredAt === null;
  const next = live ? nextBoundary(timing, now) : null;
  // a passed time limit is due now: the scheduler records and announces it on its next tick
  const due = live && timing.expiresAt !== null && timing.expiresAt <= now ? now : next;
  return { withinSchedule: isWithinSchedule(timing, now), nextCheckAt: due === null ? null : new Date(due) };
}

// The link form's conversions: wall-clock times in the account's zone to instants and back, the create body (what
// is left out, what becomes null), and the update body (only what changed, so an expired link is not re-armed by
// renaming it).
import { describe, expect, it } from "vitest";
import type { TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import {
  createBody,
  isoToLocalInput,
  linkValues,
  localInputToIso,
  newLinkValues,
  parseChoiceList,
  parseEmailList,
  updateBody,
} from "./link-form-values";

const VILNIUS = "Europe/Vilnius";

const expiredLink: TrackingLinkDto = {
  id: 7,
  uuid: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
  url: "https://fleet.example/t/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
  display_name: "School run",
  access_mode: "authorized_only",
  allowed_emails: ["anna@example.com", "ben@example.com"],
  asset: { id: 3, name: "Bus 3" },
  route: null,
  passenger: null,
  is_active: true,
  is_expired: true,
  is_within_schedule: true,
  expired_reason: "time_expired",
  status: "expired",
  expires_at: "2026-01-10T06:30:00.000Z",
  destination: { lat: 54.6872, lng: 25.2797, name: "School", radius_m: 150 },
  starts_at: null,
  schedule: { days: [1, 3, 5], start: "07:00", end: "09:00", until: "2026-06-30" },
  session_minutes: 90,
  branding: { logo_url: null, primary_color: "#ff0000", company_name: null, contact_name: null, contact_email: null, contact_phone: null },
  form: { title: "Today's ride", choices: ["Not riding today", "Running late"] },
  created_at: "2026-01-01T10:00:00.000Z",
};

describe("times in the account's zone", () => {
  it("reads datetime-local text as the zone's wall-clock time, in winter and in summer", () => {
    expect(localInputToIso("2026-12-01T18:00", VILNIUS)).toBe("2026-12-01T16:00:00.000Z");
    expect(localInputToIso("2026-07-01T18:00", VILNIUS)).toBe("2026-07-01T15:00:00.000Z");
    expect(localInputToIso("2026-07-01T18:00", "UTC")).toBe("2026-07-01T18:00:00.000Z");
  });

  it("treats empty as none and passes anything else on for the server to refuse", () => {
    expect(localInputToIso("", VILNIUS)).toBeNull();
    expect(localInputToIso("  ", VILNIUS)).toBeNull();
    expect(localInputToIso("tomorrow", VILNIUS)).toBe("tomorrow");
  });

  it("shows an instant as the zone's clocks do, to the minute", () => {
    expect(isoToLocalInput("2026-12-01T16:00:59.000Z", VILNIUS)).toBe("2026-12-01T18:00");
    expect(isoToLocalInput(null, VILNIUS)).toBe("");
    expect(localInputToIso(isoToLocalInput("2026-03-29T00:30:00.000Z", VILNIUS), VILNIUS)).toBe("2026-03-29T00:30:00.000Z");
  });
});

describe("the create body", () => {
  it("leaves out an empty display name and sends nulls for what is not set", () => {
    const body = createBody({ ...newLinkValues(3) }, VILNIUS);
    expect(body).toEqual({
      assetId: 3,
      accessMode: "public",
      allowedEmails: [],
      active: true,
      expiresAt: null,
      startsAt: null,
      destination: null,
      schedule: null,
      sessionMinutes: 240,
      branding: { companyName: null, logoUrl: null, primaryColor: null, contactName: null, contactEmail: null, contactPhone: null },
      form: null,
    });
  });

  it("sends the passenger form when ticked: the title trimmed, one choice per line, blank lines dropped", () => {
    const values = newLinkValues(3);
    const form = { enabled: true, title: " Today ", choices: "Not riding today\n\n  Running late, 10 min \r\n" };
    expect(createBody({ ...values, form }, VILNIUS).form).toEqual({ title: "Today", choices: ["Not riding today", "Running late, 10 min"] });
    expect(createBody({ ...values, form: { ...form, enabled: false } }, VILNIUS).form).toBeNull();
  });

  it("sends the addresses, the destination and the schedule the form holds", () => {
    const values = newLinkValues(3);
    const body = createBody(
      {
        ...values,
        displayName: " Airport shuttle ",
        accessMode: "authorized_only",
        allowedEmails: "anna@example.com, ben@example.com\ncarl@example.com;",
        expiresAt: "2026-12-01T18:00",
        arrival: true,
        destination: { lat: "54,6872", lng: "", name: " ", radiusM: "200" },
        scheduled: true,
        schedule: { days: [5, 1, 3], start: "07:00", end: "09:30", until: "" },
        branding: { ...values.branding, primaryColor: "#00aa00 " },
      },
      VILNIUS,
    );
    expect(body).toMatchObject({
      displayName: "Airport shuttle",
      allowedEmails: ["anna@example.com", "ben@example.com", "carl@example.com"],
      expiresAt: "2026-12-01T16:00:00.000Z",
      // an empty longitude stays undefined, so the server says the field must not be empty
      destination: { lat: 54.6872, lng: undefined, name: null, radiusM: 200 },
      schedule: { days: [1, 3, 5], start: "07:00", end: "09:30", until: null },
      branding: { primaryColor: "#00aa00", companyName: null },
    });
  });

  it("sends the route instead of the vehicle for a link that follows a route", () => {
    const body = createBody({ ...newLinkValues(3), follows: "route", routeId: "12" }, VILNIUS);
    expect(body).toMatchObject({ routeId: 12 });
    expect(body).not.toHaveProperty("assetId");
    // no route chosen: undefined, so the server says to choose one
    expect(createBody({ ...newLinkValues(null), follows: "route" }, VILNIUS)).toMatchObject({ routeId: undefined });
  });

  it("drops the address list of links that are not authorised-only", () => {
    expect(createBody({ ...newLinkValues(3), allowedEmails: "anna@example.com" }, VILNIUS).allowedEmails).toEqual([]);
  });
});

describe("the update body", () => {
  it("is empty when nothing changed, even for an expired link with a past time limit", () => {
    const values = linkValues(expiredLink, VILNIUS);
    expect(values).toMatchObject({
      assetId: "3",
      allowedEmails: "anna@example.com\nben@example.com",
      expiresAt: "2026-01-10T08:30",
      arrival: true,
      destination: { lat: "54.6872", lng: "25.2797", name: "School", radiusM: "150" },
      scheduled: true,
      schedule: { days: [1, 3, 5], start: "07:00", end: "09:00", until: "2026-06-30" },
      sessionMinutes: "90",
      branding: { primaryColor: "#ff0000", companyName: "" },
      form: { enabled: true, title: "Today's ride", choices: "Not riding today\nRunning late" },
    });
    expect(updateBody(values, { ...values }, VILNIUS)).toEqual({});
  });

  it("holds only the fields that changed", () => {
    const values = linkValues(expiredLink, VILNIUS);
    expect(updateBody(values, { ...values, displayName: "School run 2", active: false }, VILNIUS)).toEqual({
      displayName: "School run 2",
      active: false,
    });
    expect(updateBody(values, { ...values, scheduled: false, branding: { ...values.branding, primaryColor: "" } }, VILNIUS)).toEqual({
      schedule: null,
      branding: { companyName: null, logoUrl: null, primaryColor: null, contactName: null, contactEmail: null, contactPhone: null },
    });
    expect(updateBody(values, { ...values, form: { ...values.form, enabled: false } }, VILNIUS)).toEqual({ form: null });
    expect(updateBody(values, { ...values, form: { ...values.form, choices: "Running late" } }, VILNIUS)).toEqual({
      form: { title: "Today's ride", choices: ["Running late"] },
    });
  });
});

describe("what a link follows", () => {
  const routeLink: TrackingLinkDto = { ...expiredLink, route: { id: 12, route_number: "R7", name: "Hill school" } };

  it("reads a route-based link as following its route, and sends nothing when that stays", () => {
    const values = linkValues(routeLink, VILNIUS);
    expect(values).toMatchObject({ follows: "route", routeId: "12" });
    expect(updateBody(values, { ...values }, VILNIUS)).toEqual({});
    expect(updateBody(values, { ...values, routeId: "13" }, VILNIUS)).toEqual({ routeId: 13 });
  });

  it("sends the new target when switching between a vehicle and a route, even one not chosen yet", () => {
    const routed = linkValues(routeLink, VILNIUS);
    expect(updateBody(routed, { ...routed, follows: "vehicle" }, VILNIUS)).toEqual({ assetId: 3 });
    const vehicle = linkValues(expiredLink, VILNIUS);
    expect(updateBody(vehicle, { ...vehicle, follows: "route" }, VILNIUS)).toEqual({ routeId: null });
    expect(updateBody(vehicle, { ...vehicle, follows: "route", routeId: "12" }, VILNIUS)).toEqual({ routeId: 12 });
  });
});

it("splits a choice list on new lines only, so a choice may hold a comma", () => {
  expect(parseChoiceList("Late, 10 min\r\n\n Absent ")).toEqual(["Late, 10 min", "Absent"]);
  expect(parseChoiceList("")).toEqual([]);
});

it("splits an address list on new lines, commas, semicolons and spaces", () => {
  expect(parseEmailList(" a@x.test,b@x.test\n\n c@x.test ; d@x.test ")).toEqual(["a@x.test", "b@x.test", "c@x.test", "d@x.test"]);
  expect(parseEmailList("")).toEqual([]);
});

// A passenger's "alert me before the bus arrives", set through their own link (PUT /api/public/tracking/{uuid}/
// approach-alert with the link's viewer session): a message N minutes before the bus reaches their stop, once per
// run, by the channel every passenger message takes (message-channel.ts). The passenger (or whoever holds their
// link) opts in; the team only sees it. Refused, saying why, on a link that is not a passenger's (404), for a passenger
// who stopped messages (409: only the team can allow messages again) or who has nowhere to be messaged (422).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { channelOf } from "./message-channel";
import { ZApproachAlertSetting, type ApproachAlertDto } from "./passengers.schema";

export async function getApproachAlertThroughLink(link: { passengerId: number | null }): Promise<ApproachAlertDto> {
  const passenger = await passengerOf(link);
  return toDto(passenger);
}

export async function setApproachAlertThroughLink(link: { passengerId: number | null }, body: unknown): Promise<ApproachAlertDto> {
  const { minutes } = parseInput(ZApproachAlertSetting, body);
  const passenger = await passengerOf(link);
  if (minutes !== null) {
    if (passenger.optedOutAt) {
      throw new AppError("PASSENGER_OPTED_OUT", "Messages to this passenger were stopped through this link; ask the transport team to allow them again.");
    }
    if (!channelOf(passenger)) {
      throw new AppError("PASSENGER_UNREACHABLE", "There is no contact e-mail or mobile number for this passenger to send the alert to; ask the transport team to add one.");
    }
  }
  const updated = await db().passenger.update({ where: { id: passenger.id }, data: { approachAlertMinutes: minutes }, select: SELECT });
  await announce("passengers.changed", { accountId: updated.accountId, routeId: updated.routeId });
  return toDto(updated);
}

const SELECT = { id: true, accountId: true, routeId: true, approachAlertMinutes: true, optedOutAt: true, contactEmail: true, contactPhone: true } as const;

async function passengerOf(link: { passengerId: number | null }) {
  const passenger = link.passengerId === null ? null : await db().passenger.findUnique({ where: { id: link.passengerId }, select: SELECT });
  if (!passenger) throw new AppError("PASSENGER_LINK_NOT_FOUND", "This link does not belong to a passenger.");
  return passenger;
}

function toDto(passenger: { approachAlertMinutes: number | null; optedOutAt: Date | null; contactEmail: string | null; contactPhone: string | null }): ApproachAlertDto {
  const channel = channelOf(passenger);
  return {
    minutes: passenger.approachAlertMinutes,
    channel: channel?.kind ?? null,
    available: channel !== null && passenger.optedOutAt === null,
  };
}

"use client";
// The vehicle and driver selects of the route and run forms: the account's vehicles and drivers after an empty
// option ("No vehicle" on a route, the route's own on a run), the record's current choice kept even when it is not
// among the first page, and the server's error under each. Each select is keyed by how many choices have loaded, so
// its default applies once the list is in.
import { SelectField } from "../ui/select-field";
import { choiceOptions, useTransportChoices } from "./use-transport-choices";

type Chosen = { id: number; name: string } | null;

export function VehicleDriverFields({
  accountKey,
  vehicle,
  driver,
  noVehicle,
  noDriver,
  errors,
}: {
  accountKey: string;
  /** the record's vehicle and driver; null for none (and on a new record) */
  vehicle: Chosen;
  driver: Chosen;
  /** the labels of the empty options */
  noVehicle: string;
  noDriver: string;
  /** the server's errors per field (assetId, driverId) */
  errors: Record<string, string> | undefined;
}) {
  const { vehicles, drivers } = useTransportChoices(accountKey);
  return (
    <>
      <SelectField
        label="Vehicle"
        name="assetId"
        options={choiceOptions(vehicles, noVehicle, vehicle)}
        defaultValue={vehicle ? String(vehicle.id) : ""}
        key={`vehicle-${vehicles.length}`}
        error={errors?.assetId}
      />
      <SelectField
        label="Driver"
        name="driverId"
        options={choiceOptions(drivers, noDriver, driver)}
        defaultValue={driver ? String(driver.id) : ""}
        key={`driver-${drivers.length}`}
        error={errors?.driverId}
      />
    </>
  );
}

"use client";
// What report to run: its type, the assets (all or chosen, narrowed to a group with its subgroups and/or a tag; groups
// named by their path, "Depot › Minibuses"), the range (a preset computed in the ACCOUNT's zone, or two local days),
// the period where the type has one, and the type's options (route: IO columns; temperature: the allowed range).
// Problems the page can see itself (no asset, a reversed range) are said here; the rest is the server's.
import { useState } from "react";
import { REPORT_TYPES, type ReportPeriod, type ReportType } from "@/server/modules/reports/report-model";
import { Card } from "../../../_components/ui/card";
import { Button } from "../../../_components/ui/button";
import { Field } from "../../../_components/ui/field";
import { SelectField } from "../../../_components/ui/select-field";
import { AssetPicker, type AssetSelection } from "./asset-picker";
import { ReportAssetFilters, type ReportAssetFilterValue } from "./report-asset-filters";
import { TYPE_PERIODS, TYPE_TEXT, type ReportChoice } from "./report-labels";
import { customRange, localToday, presetRange, RANGE_PRESET_LABELS, RANGE_PRESETS, type RangePreset } from "./report-range";

/** a number typed into an optional field; undefined when empty, NaN when not a number */
function optionalNumber(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text.replace(",", "."));
}

export function ReportForm({
  accountKey,
  timeZone,
  initialAssetId,
  busy,
  serverErrors,
  onRun,
}: {
  accountKey: string;
  timeZone: string;
  initialAssetId: number | null;
  busy: boolean;
  /** the server's refusal by field (a group or tag no chosen asset is in: asset_ids) */
  serverErrors?: Record<string, string>;
  onRun: (choice: ReportChoice) => void;
}) {
  const [type, setType] = useState<ReportType>("trips");
  const [assets, setAssets] = useState<AssetSelection>(initialAssetId ? [initialAssetId] : "all");
  const [preset, setPreset] = useState<RangePreset>("this_week");
  const [firstDay, setFirstDay] = useState(() => localToday(new Date(), timeZone));
  const [lastDay, setLastDay] = useState(() => localToday(new Date(), timeZone));
  const [period, setPeriod] = useState<ReportPeriod | "">("");
  const [ioColumns, setIoColumns] = useState("");
  const [minC, setMinC] = useState("");
  const [maxC, setMaxC] = useState("");
  const [filters, setFilters] = useState<ReportAssetFilterValue>({ groupId: "", tagId: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const periods = TYPE_PERIODS[type];
  const shownRange = preset === "custom" ? null : presetRange(preset, new Date(), timeZone);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (assets !== "all" && assets.length === 0) found.assets = "Choose at least one asset, or all assets.";
    const range = preset === "custom" ? customRange(firstDay, lastDay, timeZone) : presetRange(preset, new Date(), timeZone)!;
    if ("error" in range) found.range = range.error;
    const min = optionalNumber(minC);
    const max = optionalNumber(maxC);
    if (type === "temperature") {
      if (Number.isNaN(min)) found.minC = "Enter a number, e.g. 2 or -18.";
      if (Number.isNaN(max)) found.maxC = "Enter a number, e.g. 8 or -15.";
      if (min !== undefined && max !== undefined && min > max) found.maxC = "The maximum must not be below the minimum.";
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || "error" in range) return;
    const io = ioColumns.split(/[\s,]+/).filter(Boolean);
    const options =
      type === "route" && io.length > 0
        ? { ioColumns: io }
        : type === "temperature" && (min !== undefined || max !== undefined)
          ? { ...(min !== undefined && { temperatureMinC: min }), ...(max !== undefined && { temperatureMaxC: max }) }
          : undefined;
    onRun({
      type,
      assetIds: assets,
      ...(filters.groupId && { groupId: Number(filters.groupId) }),
      ...(filters.tagId && { tagId: Number(filters.tagId) }),
      from: range.from,
      to: range.to,
      ...(periods && { period: period || periods[0]!.value }),
      ...(options && { options }),
    });
  }

  return (
    <Card title="Run a report">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="space-y-4">
          <SelectField
            label="Report"
            value={type}
            hint={TYPE_TEXT[type].meaning}
            onChange={(event) => {
              setType(event.target.value as ReportType);
              setPeriod("");
            }}
            options={REPORT_TYPES.map((value) => ({ value, label: TYPE_TEXT[value].label }))}
          />
          {periods ? (
            <SelectField label="Period" value={period || periods[0]!.value} onChange={(event) => setPeriod(event.target.value as ReportPeriod)} options={periods} />
          ) : null}
          {type === "route" ? (
            <Field
              label="IO columns"
              value={ioColumns}
              onChange={(event) => setIoColumns(event.target.value)}
              placeholder="externalVoltage, canFuelLevel"
              hint="Optional: IO values to add as columns, by name, separated by commas."
            />
          ) : null}
          {type === "temperature" ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Allowed minimum (°C)" inputMode="decimal" value={minC} error={errors.minC} onChange={(event) => setMinC(event.target.value)} placeholder="2" />
              <Field label="Allowed maximum (°C)" inputMode="decimal" value={maxC} error={errors.maxC} onChange={(event) => setMaxC(event.target.value)} placeholder="8" />
            </div>
          ) : null}
        </div>
        <div className="space-y-4">
          <SelectField
            label="Range"
            value={preset}
            onChange={(event) => setPreset(event.target.value as RangePreset)}
            hint={shownRange ? (shownRange.firstDay === shownRange.lastDay ? shownRange.firstDay : `${shownRange.firstDay} to ${shownRange.lastDay}`) : `Whole days in ${timeZone} time.`}
            options={RANGE_PRESETS.map((value) => ({ value, label: RANGE_PRESET_LABELS[value] }))}
          />
          {preset === "custom" ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="First day" type="date" value={firstDay} onChange={(event) => setFirstDay(event.target.value)} />
              <Field label="Last day" type="date" value={lastDay} error={errors.range} onChange={(event) => setLastDay(event.target.value)} />
            </div>
          ) : null}
          <AssetPicker accountKey={accountKey} value={assets} onChange={setAssets} error={errors.assets ?? serverErrors?.asset_ids} />
          <ReportAssetFilters accountKey={accountKey} value={filters} onChange={setFilters} />
        </div>
        <div className="md:col-span-2">
          <Button type="submit" busy={busy}>
            Run report
          </Button>
        </div>
      </form>
    </Card>
  );
}

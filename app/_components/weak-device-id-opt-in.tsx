"use client";
// The operator's explicit opt-in to a typed phone device id (docs/osmand.md "The device id is a credential"), with
// what it risks: the asset form and the provisioning of an unknown phone both ask for it.
import { useId } from "react";

export function WeakDeviceIdOptIn({ defaultChecked = false, className = "" }: { defaultChecked?: boolean; className?: string }) {
  const warningId = useId();
  return (
    <label className={`flex items-start gap-2 text-sm text-slate-700 ${className}`}>
      <input type="checkbox" name="allowWeakDeviceId" className="mt-0.5" defaultChecked={defaultChecked} aria-describedby={warningId} />
      <span>
        <span className="font-medium">Allow a weak (typed) device id for this asset</span>
        <span id={warningId} className="block text-amber-800">
          Not recommended. The device id is all a phone needs to report, and a typed id can be guessed: anyone who
          guesses it can move this vehicle on the map, in its history and on its tracking links.
        </span>
      </span>
    </label>
  );
}

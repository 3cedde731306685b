"use client";
// A link's own branding and contact details. Each empty field falls back to the account's setting, which it shows
// as its placeholder.
import { useEffect, useId, useState } from "react";
import { Field } from "../ui/field";
import type { LinkAccount } from "./link-account";
import type { BrandingField, LinkFieldsProps } from "./link-form-values";

const DEFAULT_COLOUR = "#2563eb";
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const BRANDING_LABELS: Record<BrandingField, { label: string; type?: string; hint?: string }> = {
  companyName: { label: "Company name" },
  logoUrl: { label: "Logo URL", type: "url", hint: "An http(s) address of an image" },
  primaryColor: { label: "Primary colour", hint: "Hex colour, e.g. #2563eb" },
  contactName: { label: "Contact name" },
  contactEmail: { label: "Contact e-mail", type: "email" },
  contactPhone: { label: "Contact phone", type: "tel" },
};

export function LinkBrandingFields({ account, values, set, error }: LinkFieldsProps & { account: LinkAccount }) {
  const setBranding = (field: BrandingField, value: string) => set({ branding: { ...values.branding, [field]: value } });
  // open at first when the link has overrides, and whenever the server refuses one; otherwise as the user leaves it
  const [open, setOpen] = useState(() => Object.values(values.branding).some((value) => value.trim() !== ""));
  const hasError = Object.keys(BRANDING_LABELS).some((field) => error(`branding.${field}`));
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);
  const colour = [values.branding.primaryColor, account.defaults.primaryColor].find((value) => HEX_COLOUR.test(value)) ?? DEFAULT_COLOUR;
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded-md p-3 ring-1 ring-inset ring-slate-200">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Branding and contact for this link</summary>
      <p className="mt-2 text-sm text-slate-600">Empty fields use the account&apos;s settings, shown greyed in each field.</p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {(Object.keys(BRANDING_LABELS) as BrandingField[]).map((field) => {
          const { label, type, hint } = BRANDING_LABELS[field];
          const input = (
            <Field
              key={field}
              label={label}
              type={type}
              value={values.branding[field]}
              onChange={(event) => setBranding(field, event.target.value)}
              placeholder={account.defaults[field] || "Not set for the account"}
              error={error(`branding.${field}`)}
              hint={hint}
              className={field === "logoUrl" || field === "companyName" ? "sm:col-span-2" : ""}
            />
          );
          if (field !== "primaryColor") return input;
          return (
            <div key={field} className="flex items-start gap-3">
              <div className="min-w-0 flex-1">{input}</div>
              <ColourPicker value={colour} onChange={(value) => setBranding("primaryColor", value)} />
            </div>
          );
        })}
      </div>
    </details>
  );
}

function ColourPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        <span aria-hidden>Pick</span>
        <span className="sr-only">Pick the primary colour</span>
      </label>
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-14 cursor-pointer rounded-md ring-1 ring-slate-300"
      />
    </div>
  );
}

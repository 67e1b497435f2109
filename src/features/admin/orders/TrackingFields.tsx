import { SelectField, TextField } from "../../../ui/form";
import { CARRIERS, guessCarrier, type Carrier } from "./carriers";
import { CARRIER_OPTIONS } from "./trackingSchema";

interface Values {
  tracking_number: string;
  carrier: string;
  tracking_url: string;
  /** Whether the studio chose the carrier; until then it follows the number. */
  carrierChosen: boolean;
}

/** The number, the carrier guessed from it (the studio may change it) and, for "Other", the page. */
export function TrackingFields<V extends Values>({ values, errors, set }: { values: V; errors: Partial<Record<keyof V, string>>; set: <K extends keyof V>(k: K, v: V[K]) => void }) {
  const guessed = guessCarrier(values.tracking_number);
  return (
    <>
      <TextField
        label="Tracking number"
        value={values.tracking_number}
        onChange={(v) => {
          set("tracking_number", v as V["tracking_number"]);
          if (!values.carrierChosen) set("carrier", guessCarrier(v) as V["carrier"]);
        }}
        error={errors.tracking_number}
        autoComplete="off"
        isRequired
        description={values.tracking_number.trim() && guessed !== "other" ? `Looks like ${CARRIERS[guessed].name}.` : undefined}
      />
      <SelectField
        label="Carrier"
        value={values.carrier}
        onChange={(v) => {
          set("carrier", v as V["carrier"]);
          set("carrierChosen", true as V["carrierChosen"]);
        }}
        options={CARRIER_OPTIONS}
      />
      {values.carrier === ("other" satisfies Carrier) && (
        <TextField label="Tracking page (https://…)" type="url" inputMode="url" value={values.tracking_url} onChange={(v) => set("tracking_url", v as V["tracking_url"])} error={errors.tracking_url} isRequired />
      )}
    </>
  );
}

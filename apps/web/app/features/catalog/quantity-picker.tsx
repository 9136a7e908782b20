const stepButton =
  'flex h-11 w-11 items-center justify-center text-lg font-semibold text-stone-800 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-not-allowed disabled:text-stone-400';

/** The − and + of the quantity: what a post made before the script had loaded asks of the page. */
export const QUANTITY_STEP_FIELD = 'adjust';
/** The quantity field's id: the one on the page, which the large-quantity question links back to. */
export const QUANTITY_FIELD_ID = 'quantite';

/**
 * 'Quantité': a real number field (`quantity`, whole, 1 to `max` when the stock is counted), so a
 * form posted before the page's script has loaded carries what she typed. The − and + are submit
 * buttons of the same form: before the script, a tap posts the form to the page, which draws it
 * again with the quantity changed (nothing lost, nothing added); with it, they change the field in
 * place. `problem`: why the quantity cannot be taken as it is, said under the field.
 */
export function QuantityPicker({
  value,
  current,
  max,
  problem,
  onChange,
  onStep,
  inputRef,
}: {
  value: string;
  /** The quantity the field stands for (what − and + start from). */
  current: number;
  /** The stock left of the choice; null when unlimited. */
  max: number | null;
  problem: string | null;
  onChange: (value: string) => void;
  onStep: (delta: 1 | -1) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = QUANTITY_FIELD_ID;
  const problemId = `${id}-probleme`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-stone-900">
        Quantité
      </label>
      <div className="inline-flex w-max items-center overflow-hidden rounded-xl border border-stone-300 bg-white">
        <StepButton delta={-1} disabled={current <= 1} onStep={onStep} />
        <input
          ref={inputRef}
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={max ?? undefined}
          step={1}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="h-11 w-16 border-x border-stone-300 text-center text-base font-semibold text-stone-900 [appearance:textfield] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-800 [&::-webkit-inner-spin-button]:appearance-none"
        />
        <StepButton delta={1} disabled={max !== null && current >= max} onStep={onStep} />
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * − or +: a submit button of the form (before the script, a tap posts the step to the page), which
 * once live changes the field in place instead.
 */
function StepButton({
  delta,
  disabled,
  onStep,
}: {
  delta: 1 | -1;
  disabled: boolean;
  onStep: (delta: 1 | -1) => void;
}) {
  return (
    <button
      type="submit"
      name={QUANTITY_STEP_FIELD}
      value={delta}
      formNoValidate
      onClick={(event) => {
        event.preventDefault();
        onStep(delta);
      }}
      disabled={disabled}
      aria-label={delta > 0 ? 'Augmenter la quantité' : 'Diminuer la quantité'}
      className={stepButton}
    >
      {delta > 0 ? '+' : '−'}
    </button>
  );
}

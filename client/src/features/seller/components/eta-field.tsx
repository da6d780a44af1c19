import { MAX_ETA_MINUTES, MIN_ETA_MINUTES } from '@core/domain/delivery-promise';

type EtaFieldProps = {
  id: string;
  value: string;
  disabled: boolean;
  /** Why the typed minutes cannot be promised; shown under the box and announced with it. */
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** The minutes a seller promises as an order goes On The Way. */
export function EtaField({ id, value, disabled, error, onChange, onBlur }: EtaFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="seller-order__eta">
      <label htmlFor={id}>ETA for On The Way</label>
      <span className="seller-order__eta-input">
        <input
          id={id}
          className="input"
          type="number"
          inputMode="numeric"
          min={MIN_ETA_MINUTES}
          max={MAX_ETA_MINUTES}
          step={1}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          data-testid="seller-order-eta"
        />
        min
      </span>
      {error ? (
        <p className="field__error" id={errorId} role="alert" data-testid="seller-order-eta-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import type { UiError } from "../ipc/bindings/UiError";

export function ErrorNotice({ error, onDismiss }: { error: UiError; onDismiss?: () => void }) {
  return (
    <div className="notice notice-error" role="alert" data-testid="error">
      <div>
        <p className="notice-message">{error.message}</p>
        <p className="notice-advice">{error.advice}</p>
      </div>
      {onDismiss && (
        <button type="button" className="button-ghost" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}

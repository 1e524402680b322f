import { useMemo } from 'react';
import type { TotpSetup } from '@lumenfield/contract';
import { encode } from 'uqr';
import { CopyField } from './copy-field';
import './totp-setup.css';

/**
 * The QR code of an `otpauth://` link, drawn here as an SVG from the matrix uqr encodes: the
 * secret never leaves the page for an image service.
 */
function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 2 });
    const modules = data
      .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
      .join('');
    return { path: modules, size: data.length };
  }, [value]);
  return (
    <svg
      className="rc-totp__qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** A new authenticator secret: scan the QR code, or type the key by hand. */
export function TotpSetupPanel({ setup }: { setup: TotpSetup }) {
  return (
    <div className="rc-totp">
      <QrCode value={setup.uri} label="QR code of your new authenticator key" />
      <div>
        <ol className="rc-totp__steps">
          <li>Open an authenticator app on your phone (any app that shows 6-digit codes).</li>
          <li>Add an account and scan this QR code.</li>
          <li>Type the 6-digit code the app shows below.</li>
        </ol>
        <CopyField
          id="totp-key"
          label="Key"
          value={setup.secret}
          wrap
          hint="Cannot scan the code? Type or paste this key into the app instead."
          onCopied={() => undefined}
        />
      </div>
    </div>
  );
}

/** Recovery codes, shown once: each lets you in once if you lose your phone. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="rc-alert rc-alert--ok rc-recovery">
      <h3 id="recovery-codes-heading" tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        Each code signs you in once if you lose your phone. Print them or keep them in a password
        manager now: they will not be shown again.
      </p>
      <ol className="rc-recovery__codes" aria-labelledby="recovery-codes-heading">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A code from the app: a one-time-code field (numeric keyboard, the phone offers the code it
 * received), its label, hint and error tied to it.
 */
export function OneTimeCodeField({
  id,
  value,
  onChange,
  error,
  label = 'Code from your app',
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <div className="rc-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={8}
        spellCheck={false}
        className="rc-totp__code"
        value={value}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="rc-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

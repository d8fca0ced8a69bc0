import { NativeSelect } from '@/components/ui/native-select';
import { serverOptionLabel, type PurchaseServer } from '@/lib/purchase-servers';

/** The delivery server picker of the purchase dialog and the cart: 'name (online/max)' per option. */
export function ServerSelect({
  id,
  servers,
  value,
  onChange,
  label,
  disabled,
  placeholder = 'Выберите сервер',
  describedBy,
}: {
  id?: string;
  servers: readonly PurchaseServer[];
  value: number | null;
  onChange: (serverId: number) => void;
  /** Accessible name when no visible <Label htmlFor={id}> names it. */
  label?: string;
  disabled?: boolean;
  placeholder?: string;
  describedBy?: string;
}) {
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      value={value === null ? '' : String(value)}
      onChange={(event) => {
        if (event.target.value) onChange(Number(event.target.value));
      }}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {servers.map((server) => (
        <option key={server.id} value={String(server.id)}>
          {serverOptionLabel(server)}
        </option>
      ))}
    </NativeSelect>
  );
}

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
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
    <Select
      value={value === null ? '' : String(value)}
      onValueChange={(next) => onChange(Number(next))}
      disabled={disabled}
    >
      <SelectTrigger id={id} aria-label={label} aria-describedby={describedBy}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {servers.map((server) => (
          <SelectItem key={server.id} value={String(server.id)}>
            {serverOptionLabel(server)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

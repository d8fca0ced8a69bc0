import type { SiteSeller } from '@shop/shared';
import type { EditContent } from '../site-draft';
import { TextField } from './text-field';

const fields: { field: keyof SiteSeller; label: string; max: number; placeholder?: string }[] = [
  {
    field: 'name',
    label: 'Продавец: наименование',
    max: 200,
    placeholder: 'ИП Иванов Иван Иванович',
  },
  { field: 'inn', label: 'ИНН', max: 12, placeholder: '10 или 12 цифр' },
  { field: 'ogrn', label: 'ОГРН или ОГРНИП', max: 15, placeholder: '13 или 15 цифр' },
  { field: 'email', label: 'E-mail продавца', max: 200 },
  { field: 'address', label: 'Адрес продавца', max: 300 },
];

/** The seller's details: the documents insert them where they say `{{seller.name}}` and so on. */
export function SellerFields({ seller, edit }: { seller: SiteSeller; edit: EditContent }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-display text-base font-bold tracking-wide text-white uppercase">
        Продавец
      </legend>
      <p className="text-sm text-muted-foreground">
        Документы подставляют эти данные там, где написано{' '}
        <code className="text-white">{'{{seller.name}}'}</code>,{' '}
        <code className="text-white">{'{{seller.inn}}'}</code>,{' '}
        <code className="text-white">{'{{seller.ogrn}}'}</code>,{' '}
        <code className="text-white">{'{{seller.email}}'}</code> и{' '}
        <code className="text-white">{'{{seller.address}}'}</code>. Пустое поле покажется как «[не
        указано]».
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {fields.map(({ field, label, max, placeholder }) => (
          <TextField
            key={field}
            label={label}
            maxLength={max}
            placeholder={placeholder}
            className={field === 'address' ? 'md:col-span-2' : undefined}
            value={seller[field]}
            onChange={(value) =>
              edit((content) => ({ ...content, seller: { ...content.seller, [field]: value } }))
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

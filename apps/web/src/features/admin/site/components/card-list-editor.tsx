import { siteIcons, type SiteCard, type SiteIcon } from '@shop/shared';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { addItem, MAX_CARDS, moveItem, newCard, removeItem, replaceItem } from '../list-editor';
import { ListItemCard } from './list-item-controls';
import { TextField } from './text-field';

const iconNames: Record<SiteIcon, string> = {
  server: 'Сервер',
  package: 'Посылка',
  headset: 'Гарнитура',
  shield: 'Щит',
  sparkles: 'Искры',
  users: 'Люди',
  zap: 'Молния',
  gift: 'Подарок',
  trophy: 'Кубок',
  clock: 'Часы',
  heart: 'Сердце',
  swords: 'Мечи',
};

function CardFields({ card, onChange }: { card: SiteCard; onChange: (card: SiteCard) => void }) {
  const iconId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
      <TextField
        label="Заголовок"
        maxLength={60}
        value={card.title}
        onChange={(title) => onChange({ ...card, title })}
      />
      <div className="grid content-start gap-2">
        <Label htmlFor={iconId}>Значок</Label>
        <NativeSelect
          id={iconId}
          value={card.icon}
          onChange={(event) => onChange({ ...card, icon: event.target.value as SiteIcon })}
        >
          {siteIcons.map((icon) => (
            <option key={icon} value={icon}>
              {iconNames[icon]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <TextField
        className="sm:col-span-2"
        label="Текст"
        multiline
        maxLength={300}
        value={card.text}
        onChange={(text) => onChange({ ...card, text })}
      />
    </div>
  );
}

/**
 * The cards of the home page or of the sign-in page: up to six, each with a title, a text and an
 * icon from the set the pages draw.
 */
export function CardListEditor({
  title,
  itemName,
  cards,
  onChange,
}: {
  title: string;
  /** «Карточка главной»: each row is named with its number after it. */
  itemName: string;
  cards: SiteCard[];
  onChange: (cards: SiteCard[]) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-white">
        {title} ({cards.length} из {MAX_CARDS})
      </legend>
      <ol className="grid gap-3">
        {cards.map((card, index) => {
          const name = `${itemName} ${index + 1}`;
          return (
            <ListItemCard
              key={index}
              name={name}
              index={index}
              count={cards.length}
              onMove={(by) => onChange(moveItem(cards, index, by))}
              onRemove={() => onChange(removeItem(cards, index))}
            >
              <CardFields
                card={card}
                onChange={(next) => onChange(replaceItem(cards, index, next))}
              />
            </ListItemCard>
          );
        })}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={cards.length >= MAX_CARDS}
        onClick={() => onChange(addItem(cards, newCard(), MAX_CARDS))}
      >
        <Plus aria-hidden="true" />
        Добавить карточку
      </Button>
    </fieldset>
  );
}

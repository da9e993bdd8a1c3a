import type { WidgetFlags } from '../../core/chat/state.js';
import {
  energySubTopics,
  mainTopics,
  type TriageEntry,
  upcomingDeliveryHelp,
  variantTopics,
  vehicleSubTopics,
} from '../../core/locale/index.js';
import { DeliveryHelp } from '../components/DeliveryHelp.js';
import { TopicList, type UiTopic } from '../components/TopicList.js';
import { useWidget } from '../use-core.js';

export interface TriagePaneProps {
  view: 'topics' | 'vehicle' | 'energy' | 'delivery';
  flags: WidgetFlags;
  /** The newer look shows the variant topic list as cards, the classic look the main list. */
  look: 'tds' | 'classic';
  /** A chat entry was chosen: remember its topic for requestChat. */
  onTopic: (topic: string) => void;
}

const HEADINGS = { topics: 'How can we help?', vehicle: 'Vehicle', energy: 'Energy Products' } as const;

function entriesOf(view: TriagePaneProps['view'], flags: WidgetFlags, look: TriagePaneProps['look']): TriageEntry[] {
  const context = { locale: flags.locale, energyPage: flags.energy };
  if (view === 'vehicle') return vehicleSubTopics(context);
  if (view === 'energy') return energySubTopics();
  // Both topic lists of the spec: the newer look shows the variant list, the classic look the main list.
  return look === 'tds' ? variantTopics(context) : mainTopics(context);
}

/** Triage: main topics, vehicle and energy sub-topics, and the upcoming-delivery help. */
export function TriagePane({ view, flags, look, onTopic }: TriagePaneProps) {
  const { core } = useWidget();
  if (view === 'delivery') {
    const help = upcomingDeliveryHelp(flags.locale);
    return (
      <DeliveryHelp
        help={help}
        onStillNeedHelp={() => {
          onTopic(help.stillNeedHelp.topic);
          core.navigate('form');
        }}
      />
    );
  }
  const entries = entriesOf(view, flags, look);
  const topics: UiTopic[] = entries.map((entry) => ({
    id: entry.id,
    label: entry.label,
    href: entry.kind === 'link' ? entry.href : undefined,
  }));
  const onSelect = (id: string) => {
    const entry = entries.find((item) => item.id === id);
    if (!entry) return;
    if (entry.kind === 'subTopics') core.navigate(entry.id);
    else if (entry.kind === 'upcomingDelivery') core.navigate('delivery');
    else if (entry.kind === 'chat') {
      onTopic(entry.topic);
      core.navigate('form');
    }
  };
  return (
    <TopicList
      heading={HEADINGS[view]}
      topics={topics}
      onSelect={onSelect}
      variant={look === 'tds' ? 'cards' : 'list'}
    />
  );
}

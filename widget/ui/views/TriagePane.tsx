import type { Offer } from '../../core/chat/initial-state.js';
import type { WidgetFlags } from '../../core/chat/state.js';
import {
  energySubTopics,
  mainTopics,
  type SiteLinkOptions,
  type SupportLinkSet,
  supportLinkSets,
  type TriageEntry,
  upcomingDeliveryHelp,
  variantTopics,
  vehicleSubTopics,
} from '../../core/locale/index.js';
import { DeliveryHelp } from '../components/DeliveryHelp.js';
import { SupportLinks } from '../components/SupportLinks.js';
import { TopicList, type UiTopic } from '../components/TopicList.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { useWidget } from '../use-core.js';

export interface TriagePaneProps {
  view: 'topics' | 'vehicle' | 'energy' | 'delivery';
  flags: WidgetFlags;
  /** The newer look shows the variant topic list as cards, the classic look the main list. */
  look: 'tds' | 'classic';
  /** What a chat entry leads to: the pre-chat form, or the callback form when chat is not offered (chat-lite). */
  offer: Offer;
  /** A chat entry was chosen: remember its topic for requestChat. */
  onTopic: (topic: string) => void;
}

function entriesOf(
  view: TriagePaneProps['view'],
  flags: WidgetFlags,
  look: TriagePaneProps['look'],
  links: SiteLinkOptions,
): TriageEntry[] {
  const context = { locale: flags.locale, energyPage: flags.energy, ...links };
  if (view === 'vehicle') return vehicleSubTopics(context);
  if (view === 'energy') return energySubTopics(links.texts);
  // Both topic lists of the spec: the newer look shows the variant list, the classic look the main list.
  return look === 'tds' ? variantTopics(context) : mainTopics(context);
}

/**
 * The support link set of the topic being looked at (section 2): vehicle ownership under the
 * vehicle topics, energy product support under the energy topics, account support with the
 * delivery help (which is about the owner's account). The main topics have their own
 * 'Account Support' entry.
 */
const SUPPORT_SET: Partial<Record<TriagePaneProps['view'], SupportLinkSet['id']>> = {
  vehicle: 'vehicleOwnership',
  energy: 'energyProductSupport',
  delivery: 'accountSupport',
};

/** Triage: main topics, vehicle and energy sub-topics, the upcoming-delivery help and the support links. */
export function TriagePane({ view, flags, look, offer, onTopic }: TriagePaneProps) {
  const { core } = useWidget();
  const { triage } = useCatalogue();
  const links: SiteLinkOptions = { texts: triage, siteName: core.settings.siteName };
  // A chat-lite page without chat: 'Chat with a Live Agent' and the chat topics lead to the callback form.
  const toForm = () => core.navigate(offer === 'callback' ? 'callback' : 'form');
  const setId = SUPPORT_SET[view];
  const set = setId === undefined ? undefined : supportLinkSets(flags.locale, links).find((item) => item.id === setId);
  const support = set ? <SupportLinks set={set} /> : null;
  if (view === 'delivery') {
    const help = upcomingDeliveryHelp(flags.locale, links);
    return (
      <>
        <DeliveryHelp
          help={help}
          onStillNeedHelp={() => {
            onTopic(help.stillNeedHelp.topic);
            toForm();
          }}
        />
        {support}
      </>
    );
  }
  const entries = entriesOf(view, flags, look, links);
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
      toForm();
    }
  };
  return (
    <>
      <TopicList
        heading={triage.headings[view]}
        topics={topics}
        onSelect={onSelect}
        variant={look === 'tds' ? 'cards' : 'list'}
      />
      {support}
    </>
  );
}

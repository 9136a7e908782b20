import { NEW_TAB } from '~/lib/new-tab';
import { buttonClass } from './button';
import { WhatsappIcon } from './page-icons';

// Reaching a client from the back office (the customers and the orders screens): the links name who
// they reach, for a screen reader going from link to link down a list.

const linkClass = buttonClass('secondary', 'sm');

/** 'WhatsApp': the conversation with `name`, opened in a new tab (`href`, its message written in). */
export function WhatsappContactLink({ href, name }: { href: string; name: string }) {
  return (
    <a href={href} {...NEW_TAB} aria-label={`WhatsApp à ${name} (nouvel onglet)`} className={linkClass}>
      <WhatsappIcon className="h-4 w-4" />
      WhatsApp
    </a>
  );
}

/** 'E-mail': a mail to `name` (`href`, a mailto: link). */
export function EmailContactLink({ href, name }: { href: string; name: string }) {
  return (
    <a href={href} aria-label={`E-mail à ${name}`} className={linkClass}>
      E-mail
    </a>
  );
}

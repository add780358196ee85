/**
 * A settings tab's section: a region named by its heading (the General, Pipeline, E-mails and Privacy tabs; the
 * API keys and Webhooks tabs have theirs in SettingsSection, with an "Add …" button beside the heading).
 */
import type { ReactNode } from 'react';

/**
 * @param props
 * @param props.titleId  The heading's id, which names the region.
 * @param props.title    The heading.
 * @param props.children What follows it: an intro, the form, or what stands in for it (loading, load error).
 */
export function TitledSection( {
	titleId,
	title,
	children,
}: {
	titleId: string;
	title: string;
	children: ReactNode;
} ) {
	return (
		<section className="rr-settings-section" aria-labelledby={ titleId }>
			<h2 id={ titleId }>{ title }</h2>
			{ children }
		</section>
	);
}

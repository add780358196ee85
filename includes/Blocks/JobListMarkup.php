<?php
/**
 * The parts of the job list block's markup: the filter form, the count, the empty state and the page links, each
 * escaped where it is built.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Careers\JobSummary;
use RecruitingReports\Data\JobRepository;

defined( 'ABSPATH' ) || exit;

/**
 * Markup of the job list block.
 */
final class JobListMarkup {

	/**
	 * This page's address without the list's parameters: where the filter form and "Show all jobs" go.
	 */
	private static function base_url(): string {
		return remove_query_arg( array_merge( array_keys( JobListBlock::PARAMS ), array( JobListBlock::PAGE_PARAM ) ) );
	}

	/**
	 * The filter form: a GET form (no JavaScript, no nonce: it only reads), each control labelled.
	 *
	 * @param string $id      The block's id.
	 * @param array  $filters The current filters (JobListBlock::filters()).
	 * @return string
	 */
	public static function filter_form( string $id, array $filters ): string {
		$values = JobRepository::filter_values();
		$types  = array();
		foreach ( $values['employment_type'] as $type ) {
			$types[ $type ] = JobSummary::employment_type_label( $type );
		}
		$fields  = sprintf(
			'<div class="rr-job-list__field"><label for="%1$s-search">%2$s</label><input type="search" id="%1$s-search" name="job_search" value="%3$s" maxlength="200" /></div>',
			esc_attr( $id ),
			esc_html__( 'Keyword', 'recruiting-reports' ),
			esc_attr( (string) $filters['search'] )
		);
		$fields .= self::select( $id, 'job_department', __( 'Department', 'recruiting-reports' ), array_combine( $values['department'], $values['department'] ), (string) $filters['department'] );
		$fields .= self::select( $id, 'job_location', __( 'Location', 'recruiting-reports' ), array_combine( $values['location'], $values['location'] ), (string) $filters['location'] );
		$fields .= self::select( $id, 'job_type', __( 'Employment type', 'recruiting-reports' ), $types, (string) $filters['employment_type'] );
		$fields .= sprintf(
			'<div class="rr-job-list__field rr-job-list__field--check"><input type="checkbox" id="%1$s-remote" name="job_remote" value="1"%2$s /><label for="%1$s-remote">%3$s</label></div>',
			esc_attr( $id ),
			$filters['remote'] ? ' checked="checked"' : '',
			esc_html__( 'Remote only', 'recruiting-reports' )
		);
		$fields .= sprintf(
			'<div class="rr-job-list__actions"><button type="submit" class="wp-element-button">%s</button>%s</div>',
			esc_html__( 'Show jobs', 'recruiting-reports' ),
			array_filter( $filters ) ? sprintf( '<a href="%s">%s</a>', esc_url( self::base_url() ), esc_html__( 'Clear filters', 'recruiting-reports' ) ) : ''
		);
		return sprintf(
			'<form class="rr-job-list__filters" method="get" action="%s" role="search" aria-label="%s">%s</form>',
			esc_url( self::base_url() ),
			esc_attr__( 'Filter jobs', 'recruiting-reports' ),
			$fields
		);
	}

	/**
	 * A labelled select with "All" first.
	 *
	 * @param string               $id       The block's id.
	 * @param string               $name     Parameter.
	 * @param string               $label    Label.
	 * @param array<string,string> $options  Value => label.
	 * @param string               $selected Current value.
	 * @return string
	 */
	private static function select( string $id, string $name, string $label, array $options, string $selected ): string {
		$html = sprintf( '<option value="">%s</option>', esc_html__( 'All', 'recruiting-reports' ) );
		foreach ( $options as $value => $text ) {
			$html .= sprintf( '<option value="%s"%s>%s</option>', esc_attr( (string) $value ), selected( $selected, (string) $value, false ), esc_html( $text ) );
		}
		return sprintf(
			'<div class="rr-job-list__field"><label for="%1$s-%2$s">%3$s</label><select id="%1$s-%2$s" name="%2$s">%4$s</select></div>',
			esc_attr( $id ),
			esc_attr( $name ),
			esc_html( $label ),
			$html
		);
	}

	/**
	 * How many open jobs there are (or match the filters).
	 *
	 * @param string $id       The block's id.
	 * @param int    $total    Matching jobs.
	 * @param bool   $filtered Whether filters are applied.
	 * @return string
	 */
	public static function count( string $id, int $total, bool $filtered ): string {
		$text = $filtered
			/* translators: %s: number of jobs. */
			? _n( '%s open job matches your filters.', '%s open jobs match your filters.', $total, 'recruiting-reports' )
			/* translators: %s: number of jobs. */
			: _n( '%s open job', '%s open jobs', $total, 'recruiting-reports' );
		return sprintf( '<p class="rr-job-list__count" id="%s-count">%s</p>', esc_attr( $id ), esc_html( sprintf( $text, number_format_i18n( $total ) ) ) );
	}

	/**
	 * What stands in for the list when nothing is open or nothing matches.
	 *
	 * @param bool $filtered Whether filters are applied.
	 * @return string
	 */
	public static function empty_state( bool $filtered ): string {
		if ( ! $filtered ) {
			return '<p class="rr-job-list__empty">' . esc_html__( 'There are no open jobs at the moment. Please check back later.', 'recruiting-reports' ) . '</p>';
		}
		return sprintf(
			'<p class="rr-job-list__empty">%s <a href="%s">%s</a></p>',
			esc_html__( 'No open jobs match these filters.', 'recruiting-reports' ),
			esc_url( self::base_url() ),
			esc_html__( 'Show all jobs', 'recruiting-reports' )
		);
	}

	/**
	 * Links to the list's pages (core's paginate_links over the job_page parameter), when there is more than one.
	 *
	 * @param int $page  Current page.
	 * @param int $pages Pages.
	 * @return string
	 */
	public static function pages( int $page, int $pages ): string {
		if ( $pages < 2 ) {
			return '';
		}
		$links = paginate_links(
			array(
				'base'      => add_query_arg( JobListBlock::PAGE_PARAM, '%#%' ),
				'format'    => '',
				'current'   => min( $page, $pages ),
				'total'     => $pages,
				'type'      => 'list',
				'prev_text' => __( 'Previous page', 'recruiting-reports' ),
				'next_text' => __( 'Next page', 'recruiting-reports' ),
			)
		);
		return sprintf( '<nav class="rr-job-list__pages" aria-label="%s">%s</nav>', esc_attr__( 'Job list pages', 'recruiting-reports' ), (string) $links );
	}
}

<?php
/**
 * The change of a headline figure against the comparison period (docs/reports.md#comparison), as the block shows it:
 * ▲/▼ and a percentage on screen, the same in words for screen readers, "—" when the earlier value is 0
 * or unknown (a percentage of nothing means nothing). The Reports page and the widget show the same
 * text from src/components/Change.tsx (tests/php/ChangeTest.php and src/components/Change.test.tsx
 * hold the same cases).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * The change of a headline figure against the comparison period.
 */
final class Change {

	/**
	 * Direction and relative size of the change from $previous to $current.
	 *
	 * @param float|int      $current  The figure now.
	 * @param float|int|null $previous The figure in the comparison period (null: none, e.g. no hires).
	 * @return array{direction:string,rate:float} direction is up, down, same or none; rate ≥ 0.
	 */
	public static function of( $current, $previous ): array {
		if ( null === $previous || 0.0 === (float) $previous ) {
			return array(
				'direction' => 'none',
				'rate'      => 0.0,
			);
		}
		if ( (float) $current === (float) $previous ) {
			return array(
				'direction' => 'same',
				'rate'      => 0.0,
			);
		}
		return array(
			'direction' => $current > $previous ? 'up' : 'down',
			'rate'      => abs( $current - $previous ) / abs( $previous ),
		);
	}

	/**
	 * What is shown (hidden from screen readers) and what is spoken for a change.
	 *
	 * @param float|int      $current  The figure now.
	 * @param float|int|null $previous The figure in the comparison period.
	 * @param string         $against  previous_period or previous_year.
	 * @return array{direction:string,shown:string,spoken:string}
	 */
	public static function describe( $current, $previous, string $against ): array {
		$change = self::of( $current, $previous );
		// To a tenth of a percent, as src/components/Change.tsx rounds it.
		$percent = ReportMarkup::format( round( $change['rate'], 3 ), 'percent' );
		$shown   = array(
			'up'   => '▲ ' . $percent,
			'down' => '▼ ' . $percent,
			'same' => $percent,
			'none' => '—',
		);
		return array(
			'direction' => $change['direction'],
			'shown'     => $shown[ $change['direction'] ],
			'spoken'    => self::spoken( $change['direction'], $percent, 'previous_year' === $against ),
		);
	}

	/**
	 * The change in words.
	 *
	 * @param string $direction up, down, same or none.
	 * @param string $percent   The formatted percentage.
	 * @param bool   $year      Whether the comparison is the previous year.
	 * @return string
	 */
	private static function spoken( string $direction, string $percent, bool $year ): string {
		switch ( $direction ) {
			case 'up':
				return $year
					/* translators: %s: a percentage, e.g. 12% */
					? sprintf( __( 'up %s from the previous year', 'recruiting-reports' ), $percent )
					/* translators: %s: a percentage, e.g. 12% */
					: sprintf( __( 'up %s from the previous period', 'recruiting-reports' ), $percent );
			case 'down':
				return $year
					/* translators: %s: a percentage, e.g. 12% */
					? sprintf( __( 'down %s from the previous year', 'recruiting-reports' ), $percent )
					/* translators: %s: a percentage, e.g. 12% */
					: sprintf( __( 'down %s from the previous period', 'recruiting-reports' ), $percent );
			case 'same':
				return $year ? __( 'no change from the previous year', 'recruiting-reports' ) : __( 'no change from the previous period', 'recruiting-reports' );
		}
		return $year ? __( 'nothing to compare with in the previous year', 'recruiting-reports' ) : __( 'nothing to compare with in the previous period', 'recruiting-reports' );
	}
}

<?php
/**
 * The report registry answers the same whether it builds every definition or, without a filter, only the names or the
 * one definition asked for (Reports\ReportRegistry).
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Reports\ReportDefinition;
use RecruitingReports\Reports\ReportRegistry;

/**
 * The registry's names and lookups.
 */
final class ReportRegistryTest extends TestCase {

	protected function tearDown(): void {
		unset( $GLOBALS['rr_test_filters']['recruiting_reports_reports'] );
	}

	public function test_without_a_filter_the_names_and_each_definition_are_those_of_every_definition_built(): void {
		$all = ReportRegistry::all();
		$this->assertCount( 9, $all );
		$this->assertSame( array_keys( $all ), ReportRegistry::names() );
		foreach ( $all as $name => $definition ) {
			$this->assertSame( $name, ReportRegistry::get( $name )->name );
			$this->assertSame( $definition->title, ReportRegistry::get( $name )->title );
		}
		$this->assertNull( ReportRegistry::get( 'offers-declined' ) );
	}

	public function test_with_a_filter_a_report_removed_or_added_is_seen_by_names_and_get(): void {
		$added = new ReportDefinition(
			name: 'offers-declined',
			title: 'Offers declined',
			description: 'Offers the candidates declined.',
			run: static fn() => array(),
			schema: array(),
		);
		$GLOBALS['rr_test_filters']['recruiting_reports_reports'] = static fn( array $reports ) => array_merge(
			array_values( array_filter( $reports, static fn( ReportDefinition $report ) => 'careers' !== $report->name ) ),
			array( $added )
		);
		$names = ReportRegistry::names();
		$this->assertNotContains( 'careers', $names );
		$this->assertSame( 'offers-declined', end( $names ) );
		$this->assertNull( ReportRegistry::get( 'careers' ) );
		$this->assertSame( $added, ReportRegistry::get( 'offers-declined' ) );
		$this->assertSame( 'overview', ReportRegistry::get( 'overview' )->name );
	}
}

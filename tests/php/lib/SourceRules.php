<?php
/**
 * The security rules of the WordPress Coding Standards that CI cannot run (WPCS is served by neither npm nor Debian),
 * re-stated over PHP's own tokenizer: where $wpdb may be used, prepared SQL, late escaping of output, and nonces and
 * sanitising for request input. Each rule reads one file's source and returns its violations as "line N: what";
 * tests/php/SecurityRulesTest.php runs them over the shipped PHP and over planted violations.
 *
 * An exception is written the way WPCS reads it, so one annotation serves both: a `phpcs:ignore <sniff> -- reason`
 * comment on the offending line or the line above, or a `phpcs:disable <sniff> -- reason` … `phpcs:enable` region.
 * Unlike WPCS, the reason after ` -- ` is required.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Tests;

use PhpToken;

/**
 * Token-level checks of one PHP source.
 */
final class SourceRules {

	/** Folders whose classes own the SQL (README, Architecture). */
	public const DATA_LAYER = array( 'includes/Data/', 'includes/Reports/' );

	/**
	 * Files outside the data layer that touch $wpdb, each limited to the members named (none of them queries).
	 *
	 * @var array<string,string[]> file => members it may use
	 */
	public const WPDB_EXCEPTIONS = array(
		// The user's persisted editor preferences are stored under a key with the site's table prefix (core's own key).
		'includes/Admin/Preload.php'        => array( 'get_blog_prefix' ),
		// A failed rebuild reports the database's error text to the operator.
		'includes/Cli/SummariesCommand.php' => array( 'last_error' ),
	);

	/** The $wpdb methods that run a query string. */
	public const QUERY_METHODS = array( 'query', 'get_results', 'get_var', 'get_row', 'get_col' );

	/** Calls whose result is safe to print (WPCS's escaping and auto-escaped functions that the plugin uses). */
	public const ESCAPERS = array(
		'esc_html',
		'esc_html__',
		'esc_html_x',
		'esc_attr',
		'esc_attr__',
		'esc_attr_x',
		'esc_url',
		'esc_js',
		'esc_textarea',
		'esc_xml',
		'wp_kses',
		'wp_kses_post',
		'wp_kses_data',
		'absint',
		'intval',
		'floatval',
		'count',
		'selected',
		'checked',
		'disabled',
		'wp_readonly',
	);

	/** Functions that print their arguments, like echo. */
	public const PRINTERS = array( 'printf', 'vprintf' );

	/** Functions that print translated text unescaped (esc_html_e() and esc_attr_e() are the escaped forms). */
	public const UNESCAPED_PRINTERS = array( '_e', '_ex' );

	/** Request input that must pass a nonce check before it is read. */
	public const NONCE_INPUT = array( '$_POST', '$_GET', '$_REQUEST', '$_FILES' );

	/** Request input that must be unslashed and sanitised where it is read. */
	public const REQUEST_INPUT = array( '$_POST', '$_GET', '$_REQUEST', '$_COOKIE', '$_SERVER', '$_FILES' );

	/** Calls that verify a nonce. */
	public const NONCE_CHECKS = array( 'wp_verify_nonce', 'check_admin_referer', 'check_ajax_referer' );

	/** Sanitisers that take wp_unslash()'s result. */
	public const SANITIZERS = array(
		'sanitize_text_field',
		'sanitize_textarea_field',
		'sanitize_key',
		'sanitize_email',
		'sanitize_title',
		'sanitize_file_name',
		'sanitize_user',
		'esc_url_raw',
		'sanitize_url',
		'wp_kses_post',
	);

	/** Sanitisers that need no unslashing: they keep digits only. */
	public const NUMERIC_SANITIZERS = array( 'absint', 'intval' );

	/**
	 * Tokens.
	 *
	 * @var PhpToken[]
	 */
	private array $tokens;

	/**
	 * Lines that an exception comment covers: sniff prefix => line => true.
	 *
	 * @var array<string,array<int,true>>
	 */
	private array $excused = array();

	/**
	 * Number of tokens.
	 *
	 * @var int
	 */
	private int $count;

	/**
	 * Reads a source.
	 *
	 * @param string $code PHP source.
	 */
	public function __construct( string $code ) {
		$this->tokens = PhpToken::tokenize( $code );
		$this->count  = count( $this->tokens );
		$this->read_exceptions();
	}

	/**
	 * $wpdb outside the data layer, except the members WPDB_EXCEPTIONS allows.
	 *
	 * @param string $path Path relative to the plugin root, with forward slashes.
	 * @return string[]
	 */
	public function wpdb_outside_data_layer( string $path ): array {
		foreach ( self::DATA_LAYER as $folder ) {
			if ( str_starts_with( $path, $folder ) ) {
				return array();
			}
		}
		$allowed = self::WPDB_EXCEPTIONS[ $path ] ?? array();
		$found   = array();
		foreach ( $this->tokens as $i => $token ) {
			if ( $this->is_globals_key( $i, 'wpdb' ) ) {
				$found[] = "line {$token->line}: \$GLOBALS['wpdb'] outside includes/Data/ and includes/Reports/";
				continue;
			}
			if ( ! $token->is( '$wpdb' ) ) {
				continue;
			}
			$previous = $this->previous( $i );
			if ( $allowed && null !== $previous && $this->tokens[ $previous ]->is( T_GLOBAL ) ) {
				continue; // The declaration in a file that may use some members.
			}
			$member = $this->member_after( $i );
			if ( null !== $member && in_array( $member, $allowed, true ) ) {
				continue;
			}
			$found[] = "line {$token->line}: \$wpdb" . ( null !== $member ? "->$member" : '' ) . ' outside includes/Data/ and includes/Reports/';
		}
		return $found;
	}

	/**
	 * Query strings handed to $wpdb that are neither a $wpdb->prepare() call nor literal SQL, and queries handed to
	 * prepare() that hold variables; each unless excused with WordPress.DB.PreparedSQL. Also $wpdb assigned to
	 * another variable, whose queries this rule could not see.
	 *
	 * @return string[]
	 */
	public function unprepared_queries(): array {
		$found = array();
		foreach ( $this->wpdb_calls( self::QUERY_METHODS ) as [ $method, $arguments ] ) {
			$query = $arguments[0] ?? array();
			$inner = $this->prepare_query( $query );
			if ( null !== $inner ) {
				$query  = $inner;
				$method = 'prepare';
			}
			$offender = $this->first_dynamic( $query );
			if ( null !== $offender && ! $this->is_excused( 'WordPress.DB.PreparedSQL', $this->tokens[ $offender ]->line ) ) {
				$what    = 'prepare' === $method ? 'the query given to $wpdb->prepare() holds' : "\$wpdb->$method() is given";
				$found[] = "line {$this->tokens[ $offender ]->line}: $what {$this->tokens[ $offender ]->text}, neither prepared nor a literal";
			}
		}
		foreach ( $this->tokens as $i => $token ) {
			$previous = $this->previous( $i );
			$aliased  = null !== $previous && $this->tokens[ $previous ]->is( array( '=', '&' ) ) && null === $this->member_after( $i );
			if ( $token->is( '$wpdb' ) && $aliased ) {
				$found[] = "line {$token->line}: \$wpdb is assigned to another variable, whose queries are not checked";
			}
		}
		return $found;
	}

	/**
	 * How many $wpdb query calls (QUERY_METHODS) the source holds: proof that the query rule saw them.
	 *
	 * @return int
	 */
	public function query_call_count(): int {
		return count( $this->wpdb_calls( self::QUERY_METHODS ) );
	}

	/**
	 * Output of values that are not escaped as they are printed (echo, print, <?=, printf, vprintf) and unescaped
	 * translation printers (_e, _ex); each unless excused with WordPress.Security.EscapeOutput.
	 *
	 * @return string[]
	 */
	public function unescaped_output(): array {
		$found = array();
		foreach ( $this->tokens as $i => $token ) {
			$line = $token->line;
			if ( $this->is_call( $i, self::UNESCAPED_PRINTERS ) ) {
				if ( ! $this->is_excused( 'WordPress.Security.EscapeOutput', $line ) ) {
					$found[] = "line $line: {$token->text}() prints translated text unescaped (esc_html_e(), esc_attr_e() escape it)";
				}
				continue;
			}
			if ( $token->is( array( T_ECHO, T_PRINT, T_OPEN_TAG_WITH_ECHO ) ) ) {
				$arguments = $this->split( $i + 1, $this->statement_end( $i ), ',' );
			} elseif ( $this->is_call( $i, self::PRINTERS ) ) {
				$arguments = $this->call_arguments( $this->next( $i ) );
			} else {
				continue;
			}
			foreach ( $arguments as $argument ) {
				$offender = $this->first_unescaped( $argument );
				if ( null !== $offender && ! $this->is_excused( 'WordPress.Security.EscapeOutput', $this->tokens[ $offender ]->line ) ) {
					$found[] = "line {$this->tokens[ $offender ]->line}: " . trim( $token->text ) . " prints {$this->tokens[ $offender ]->text} unescaped";
				}
			}
		}
		return $found;
	}

	/**
	 * Request input read without a nonce check earlier in the same function (WordPress.Security.NonceVerification),
	 * or read without wp_unslash() and a sanitiser around it (WordPress.Security.ValidatedSanitizedInput).
	 *
	 * @return string[]
	 */
	public function unverified_input(): array {
		$found = array();
		foreach ( $this->tokens as $i => $token ) {
			if ( ! $token->is( T_VARIABLE ) || ! in_array( $token->text, self::REQUEST_INPUT, true ) ) {
				continue;
			}
			$line = $token->line;
			if ( in_array( $token->text, self::NONCE_INPUT, true ) && ! $this->nonce_checked_before( $i )
				&& ! $this->is_excused( 'WordPress.Security.NonceVerification', $line ) ) {
				$found[] = "line $line: {$token->text} read without a nonce check before it in the function";
			}
			if ( ! $this->is_existence_check( $i ) && ! $this->is_sanitized( $i )
				&& ! $this->is_excused( 'WordPress.Security.ValidatedSanitizedInput', $line ) ) {
				$found[] = "line $line: {$token->text} read without wp_unslash() and a sanitiser around it";
			}
		}
		return $found;
	}

	/**
	 * Whether a token is the key of $GLOBALS['name'].
	 *
	 * @param int    $index Token index.
	 * @param string $name  Global's name.
	 * @return bool
	 */
	private function is_globals_key( int $index, string $name ): bool {
		$token   = $this->tokens[ $index ];
		$bracket = $this->previous( $index );
		$globals = null === $bracket ? null : $this->previous( $bracket );
		return $token->is( T_CONSTANT_ENCAPSED_STRING ) && trim( $token->text, '\'"' ) === $name
			&& null !== $globals && $this->tokens[ $bracket ]->is( '[' ) && $this->tokens[ $globals ]->is( '$GLOBALS' );
	}

	/**
	 * The member name after `$var->`, or null.
	 *
	 * @param int $index Token index of the variable.
	 * @return string|null
	 */
	private function member_after( int $index ): ?string {
		$arrow = $this->next( $index );
		if ( null === $arrow || ! $this->tokens[ $arrow ]->is( T_OBJECT_OPERATOR ) ) {
			return null;
		}
		$name = $this->next( $arrow );
		return null === $name ? null : $this->tokens[ $name ]->text;
	}

	/**
	 * PHPCS annotations that suppress without saying what or why: a phpcs:ignore or phpcs:disable names the sniff
	 * codes it silences (Standard.Category.Sniff or Standard.Category.Sniff.Code: a bare standard, or nothing,
	 * would silence every sniff on the line) and gives its reason after ` -- `; whole-file and old-style
	 * suppressions (phpcs:ignoreFile, @codingStandardsIgnore…) are not used.
	 *
	 * @return string[]
	 */
	public function unexplained_annotations(): array {
		$found = array();
		foreach ( $this->tokens as $token ) {
			if ( ! $token->is( array( T_COMMENT, T_DOC_COMMENT ) ) ) {
				continue;
			}
			if ( preg_match( '/phpcs:ignoreFile|@codingStandardsIgnore\w*/', $token->text, $old ) ) {
				$found[] = "line {$token->line}: {$old[0]} silences more than a line";
				continue;
			}
			if ( ! preg_match( '/phpcs:(ignore|disable)\b([^\n]*)/', $token->text, $match ) ) {
				continue;
			}
			$parts  = preg_split( '/\s--(?:\s|$)/', str_replace( '*/', '', $match[2] ) . ' ', 2 );
			$sniffs = array_filter( array_map( 'trim', explode( ',', $parts[0] ) ) );
			if ( ! $sniffs ) {
				$found[] = "line {$token->line}: phpcs:{$match[1]} names no sniff";
			}
			foreach ( $sniffs as $sniff ) {
				if ( ! preg_match( '/^[A-Z][A-Za-z0-9]*(\.[A-Za-z0-9_]+){2,3}$/', $sniff ) ) {
					$found[] = "line {$token->line}: phpcs:{$match[1]} names {$sniff}, not a sniff code";
				}
			}
			if ( '' === trim( $parts[1] ?? '' ) ) {
				$found[] = "line {$token->line}: phpcs:{$match[1]} gives no reason after ' -- '";
			}
		}
		return $found;
	}

	/**
	 * Collects the lines that phpcs:ignore and phpcs:disable…enable comments with a reason excuse, per sniff.
	 */
	private function read_exceptions(): void {
		$open = array(); // sniff => line where its disable began.
		foreach ( $this->tokens as $i => $token ) {
			if ( ! $token->is( array( T_COMMENT, T_DOC_COMMENT ) ) || ! preg_match( '/phpcs:(ignore|disable|enable)\b([^\n]*)/', $token->text, $match ) ) {
				continue;
			}
			$parts  = explode( ' -- ', $match[2], 2 );
			$sniffs = array_filter( array_map( 'trim', explode( ',', $parts[0] ) ) );
			$reason = trim( $parts[1] ?? '' );
			if ( 'enable' === $match[1] ) {
				foreach ( $sniffs ? $sniffs : array_keys( $open ) as $sniff ) {
					$this->excuse( $sniff, $open[ $sniff ] ?? $token->line, $token->line );
					unset( $open[ $sniff ] );
				}
			} elseif ( '' !== $reason ) {
				foreach ( $sniffs as $sniff ) {
					if ( 'ignore' === $match[1] ) {
						// After code, it covers its own line; on a line of its own, the next one (as in PHPCS).
						$this->excuse( $sniff, $this->follows_code( $i ) ? $token->line : $token->line + 1 );
					} else {
						$open[ $sniff ] = $token->line;
					}
				}
			}
		}
		foreach ( $open as $sniff => $from ) {
			$this->excuse( $sniff, $from, end( $this->tokens )->line ); // Disabled to the end of the file.
		}
	}

	/**
	 * Whether a comment follows code on its line.
	 *
	 * @param int $index Token index of the comment.
	 * @return bool
	 */
	private function follows_code( int $index ): bool {
		$previous = $this->previous( $index );
		if ( null === $previous ) {
			return false;
		}
		$token = $this->tokens[ $previous ];
		return $token->line + substr_count( $token->text, "\n" ) === $this->tokens[ $index ]->line;
	}

	/**
	 * Marks lines as excused for a sniff.
	 *
	 * @param string $sniff Sniff code (or prefix of one).
	 * @param int    $from  First line.
	 * @param int    $to    Last line (the first when omitted).
	 */
	private function excuse( string $sniff, int $from, ?int $to = null ): void {
		$to ??= $from;
		for ( $line = $from; $line <= $to; $line++ ) {
			$this->excused[ $sniff ][ $line ] = true;
		}
	}

	/**
	 * Whether an exception for a sniff (any code under the prefix) covers a line.
	 *
	 * @param string $prefix Sniff prefix, such as WordPress.DB.PreparedSQL.
	 * @param int    $line   Line.
	 * @return bool
	 */
	private function is_excused( string $prefix, int $line ): bool {
		foreach ( $this->excused as $sniff => $lines ) {
			if ( isset( $lines[ $line ] ) && ( str_starts_with( $sniff, $prefix ) || str_starts_with( $prefix, $sniff ) ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Calls of $wpdb methods, with their arguments.
	 *
	 * @param string[] $methods Method names.
	 * @return array<array{0:string,1:int[][]}> method, arguments (token indexes each)
	 */
	private function wpdb_calls( array $methods ): array {
		$calls = array();
		foreach ( $this->tokens as $i => $token ) {
			$arrow = $token->is( '$wpdb' ) ? $this->next( $i ) : null;
			if ( null === $arrow || ! $this->tokens[ $arrow ]->is( T_OBJECT_OPERATOR ) ) {
				continue;
			}
			$name = $this->next( $arrow );
			if ( in_array( $this->tokens[ $name ]->text, $methods, true ) && $this->is_call( $name, $methods ) ) {
				$calls[] = array( $this->tokens[ $name ]->text, $this->call_arguments( $this->next( $name ) ) );
			}
		}
		return $calls;
	}

	/**
	 * The query argument of a $wpdb->prepare() call that makes up the whole expression, or null.
	 *
	 * @param int[] $expression Token indexes.
	 * @return int[]|null
	 */
	private function prepare_query( array $expression ): ?array {
		$code = array_values( $this->significant( $expression ) );
		if ( count( $code ) < 4 || ! $this->tokens[ $code[0] ]->is( '$wpdb' ) || 'prepare' !== $this->tokens[ $code[2] ]->text
			|| ! $this->tokens[ $code[1] ]->is( T_OBJECT_OPERATOR ) || ! $this->tokens[ $code[3] ]->is( '(' )
			|| $this->closing( $code[3] ) !== end( $code ) ) {
			return null;
		}
		return $this->call_arguments( $code[3] )[0] ?? array();
	}

	/**
	 * The first token of a query expression that is not literal SQL: a variable, a call, an interpolation. Allowed:
	 * string literals, numbers, constants and class constants joined by `.`, $wpdb->name (WordPress's table names,
	 * as WPCS allows them), interpolated or joined, and a list of placeholders (is_placeholder_list()).
	 *
	 * @param int[] $expression Token indexes.
	 * @return int|null
	 */
	private function first_dynamic( array $expression ): ?int {
		$code   = array_values( $this->significant( $expression ) );
		$length = count( $code );
		for ( $n = 0; $n < $length; $n++ ) {
			$token = $this->tokens[ $code[ $n ] ];
			$next  = $this->tokens[ $code[ $n + 1 ] ?? $code[ $n ] ];
			if ( $token->is( array( T_CONSTANT_ENCAPSED_STRING, T_ENCAPSED_AND_WHITESPACE, T_START_HEREDOC, T_END_HEREDOC, '"', '.', T_DOUBLE_COLON, T_LNUMBER, T_CURLY_OPEN, '}' ) ) ) {
				continue;
			}
			if ( $token->is( array( T_STRING, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED, T_STATIC ) ) && ! $next->is( '(' ) ) {
				continue; // A constant, or a class name before ::.
			}
			if ( $this->is_placeholder_list( $code[ $n ] ) ) {
				$end = $this->closing( $code[ $n + 1 ] );
				while ( $n + 1 < $length && $code[ $n + 1 ] <= $end ) {
					++$n;
				}
				continue; // A list of placeholders.
			}
			$property_call = $this->tokens[ $code[ $n + 3 ] ?? $code[ $n ] ]->is( '(' );
			if ( $token->is( '$wpdb' ) && $next->is( T_OBJECT_OPERATOR ) && isset( $code[ $n + 2 ] ) && ! $property_call ) {
				$n += 2; // A table name of WordPress's.
				continue;
			}
			return $code[ $n ];
		}
		return null;
	}

	/**
	 * Whether a token starts implode( <literal>, array_fill( <start>, <count>, <literal> ) ), the list of
	 * placeholders for an IN (…) that WPCS also accepts.
	 *
	 * @param int $index Token index.
	 * @return bool
	 */
	private function is_placeholder_list( int $index ): bool {
		if ( ! $this->is_call( $index, array( 'implode' ) ) ) {
			return false;
		}
		$arguments = $this->call_arguments( $this->next( $index ) );
		$glue      = array_values( $this->significant( $arguments[0] ?? array() ) );
		$fill      = array_values( $this->significant( $arguments[1] ?? array() ) );
		if ( 2 !== count( $arguments ) || 1 !== count( $glue ) || ! $this->tokens[ $glue[0] ]->is( T_CONSTANT_ENCAPSED_STRING )
			|| ! $fill || ! $this->is_call( $fill[0], array( 'array_fill' ) ) || $this->closing( $fill[1] ) !== end( $fill ) ) {
			return false;
		}
		$value = array_values( $this->significant( $this->call_arguments( $fill[1] )[2] ?? array() ) );
		return 1 === count( $value ) && $this->tokens[ $value[0] ]->is( T_CONSTANT_ENCAPSED_STRING );
	}

	/**
	 * The first token of an output expression that is not escaped: each `.`-joined operand must be a literal, a
	 * number, a constant, a cast to a number, a call of an escaping function or a ternary whose branches are such.
	 *
	 * @param int[] $expression Token indexes.
	 * @return int|null
	 */
	private function first_unescaped( array $expression ): ?int {
		$code = array_values( $this->significant( $expression ) );
		if ( ! $code ) {
			return null;
		}
		$question = $this->find_top_level( $code, '?' );
		if ( null !== $question ) {
			$colon = $this->find_top_level( array_slice( $code, $question + 1 ), ':' );
			$then  = null === $colon ? array() : array_slice( $code, $question + 1, $colon );
			$else  = array_slice( $code, $question + 1 + ( $colon ?? -1 ) + 1 );
			return $this->first_unescaped( $then ) ?? $this->first_unescaped( $else );
		}
		foreach ( $this->split( $code[0], end( $code ) + 1, '.' ) as $operand ) {
			$operand = array_values( $this->significant( $operand ) );
			$first   = $this->tokens[ $operand[0] ];
			$last    = end( $operand );
			if ( 1 === count( $operand ) && $first->is( array( T_CONSTANT_ENCAPSED_STRING, T_LNUMBER, T_DNUMBER, T_STRING ) ) ) {
				continue; // A literal, a number or a constant.
			}
			if ( $first->is( array( T_INT_CAST, T_DOUBLE_CAST, T_BOOL_CAST ) ) ) {
				continue;
			}
			if ( 3 === count( $operand ) && $this->tokens[ $operand[1] ]->is( T_DOUBLE_COLON ) && $this->tokens[ $operand[2] ]->is( T_STRING ) ) {
				continue; // A class constant.
			}
			if ( $first->is( '(' ) && $this->closing( $operand[0] ) === $last ) {
				$inner = $this->first_unescaped( array_slice( $operand, 1, -1 ) );
				if ( null === $inner ) {
					continue;
				}
				return $inner;
			}
			if ( $this->is_call( $operand[0], self::ESCAPERS ) && $this->closing( $this->next( $operand[0] ) ) === $last ) {
				continue;
			}
			return $operand[0];
		}
		return null;
	}

	/**
	 * Whether a nonce check (a call of NONCE_CHECKS) comes before a token in its function (or file, outside one).
	 *
	 * @param int $index Token index.
	 * @return bool
	 */
	private function nonce_checked_before( int $index ): bool {
		$start = $this->function_start( $index );
		for ( $i = $start; $i < $index; $i++ ) {
			if ( $this->is_call( $i, self::NONCE_CHECKS ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The first token of the body of the innermost function around a token, or 0.
	 *
	 * @param int $index Token index.
	 * @return int
	 */
	private function function_start( int $index ): int {
		$start = 0;
		foreach ( $this->tokens as $i => $token ) {
			if ( $i >= $index ) {
				break;
			}
			if ( ! $token->is( T_FUNCTION ) ) {
				continue;
			}
			$open = $i;
			while ( $open < $index && ! $this->tokens[ $open ]->is( array( '{', ';' ) ) ) {
				$open = $this->tokens[ $open ]->is( '(' ) ? $this->closing( $open ) + 1 : $open + 1;
			}
			if ( $open < $index && $this->tokens[ $open ]->is( '{' ) && $this->closing( $open ) > $index ) {
				$start = $open;
			}
		}
		return $start;
	}

	/**
	 * Whether a superglobal is only tested for existence: isset( $_X[…] ) or empty( $_X[…] ).
	 *
	 * @param int $index Token index of the superglobal.
	 * @return bool
	 */
	private function is_existence_check( int $index ): bool {
		$open = $this->previous( $index );
		$name = null === $open ? null : $this->previous( $open );
		return null !== $name && $this->tokens[ $open ]->is( '(' ) && $this->tokens[ $name ]->is( array( T_ISSET, T_EMPTY ) );
	}

	/**
	 * Whether a superglobal read is wrapped: sanitizer( wp_unslash( $_X[…] ) ), or absint()/intval()/(int).
	 *
	 * @param int $index Token index of the superglobal.
	 * @return bool
	 */
	private function is_sanitized( int $index ): bool {
		$outer = $this->enclosing_call( $index );
		if ( null !== $outer && in_array( $this->tokens[ $outer ]->text, self::NUMERIC_SANITIZERS, true ) ) {
			return true;
		}
		$previous = $this->previous( $index );
		if ( null !== $previous && $this->tokens[ $previous ]->is( T_INT_CAST ) ) {
			return true;
		}
		if ( null === $outer || 'wp_unslash' !== $this->tokens[ $outer ]->text ) {
			return false;
		}
		$sanitizer = $this->enclosing_call( $outer );
		return null !== $sanitizer && in_array( $this->tokens[ $sanitizer ]->text, self::SANITIZERS, true );
	}

	/**
	 * The name token of the call whose argument list directly holds a token (as its first argument), or null.
	 *
	 * @param int $index Token index.
	 * @return int|null
	 */
	private function enclosing_call( int $index ): ?int {
		$open = $this->previous( $index );
		if ( null === $open || ! $this->tokens[ $open ]->is( '(' ) ) {
			return null;
		}
		$name = $this->previous( $open );
		return null !== $name && $this->tokens[ $name ]->is( T_STRING ) ? $name : null;
	}

	/**
	 * Whether a token is the name in a call of one of the functions (not a method or a declaration).
	 *
	 * @param int      $index Token index.
	 * @param string[] $names Function names.
	 * @return bool
	 */
	private function is_call( int $index, array $names ): bool {
		$token = $this->tokens[ $index ];
		if ( ! $token->is( array( T_STRING, T_NAME_FULLY_QUALIFIED ) ) || ! in_array( strtolower( ltrim( $token->text, '\\' ) ), $names, true ) ) {
			return false;
		}
		$next     = $this->next( $index );
		$previous = $this->previous( $index );
		$is_call  = null !== $next && $this->tokens[ $next ]->is( '(' );
		$is_own   = null !== $previous && $this->tokens[ $previous ]->is( array( T_FUNCTION, T_DOUBLE_COLON, T_NEW, T_NULLSAFE_OBJECT_OPERATOR ) );
		$object   = null === $previous ? null : $this->previous( $previous );
		$method   = null !== $object && $this->tokens[ $previous ]->is( T_OBJECT_OPERATOR ) && ! $this->tokens[ $object ]->is( '$wpdb' );
		return $is_call && ! $is_own && ! $method;
	}

	/**
	 * The arguments of a call: token indexes of each, split at its top-level commas.
	 *
	 * @param int $open Index of the call's "(".
	 * @return int[][]
	 */
	private function call_arguments( int $open ): array {
		return array_values( array_filter( $this->split( $open + 1, $this->closing( $open ), ',' ), fn( $argument ) => (bool) $this->significant( $argument ) ) );
	}

	/**
	 * Splits tokens [from, to) at a separator outside brackets.
	 *
	 * @param int    $from      First index.
	 * @param int    $to        Index after the last.
	 * @param string $separator Separator token text.
	 * @return int[][]
	 */
	private function split( int $from, int $to, string $separator ): array {
		$parts   = array( array() );
		$current = 0;
		for ( $i = $from; $i < $to; $i++ ) {
			if ( $this->tokens[ $i ]->is( $separator ) ) {
				$parts[ ++$current ] = array();
				continue;
			}
			$parts[ $current ][] = $i;
			if ( $this->opens( $i ) ) {
				$close = $this->closing( $i );
				for ( $j = $i + 1; $j <= $close; $j++ ) {
					$parts[ $current ][] = $j;
				}
				$i = $close;
			}
		}
		return $parts;
	}

	/**
	 * Position (in the list) of the first top-level token with a text, or null.
	 *
	 * @param int[]  $code Token indexes.
	 * @param string $text Token text.
	 * @return int|null
	 */
	private function find_top_level( array $code, string $text ): ?int {
		$length = count( $code );
		for ( $n = 0; $n < $length; $n++ ) {
			if ( $this->tokens[ $code[ $n ] ]->is( $text ) ) {
				return $n;
			}
			if ( $this->opens( $code[ $n ] ) ) {
				$close = $this->closing( $code[ $n ] );
				while ( $n + 1 < $length && $code[ $n + 1 ] <= $close ) {
					++$n;
				}
			}
		}
		return null;
	}

	/**
	 * Index of the token that ends the statement starting after a token (";" or "?>" outside brackets).
	 *
	 * @param int $index Token index.
	 * @return int
	 */
	private function statement_end( int $index ): int {
		for ( $i = $index + 1; $i < $this->count; $i++ ) {
			if ( $this->tokens[ $i ]->is( array( ';', T_CLOSE_TAG ) ) ) {
				return $i;
			}
			if ( $this->opens( $i ) ) {
				$i = $this->closing( $i );
			}
		}
		return $this->count;
	}

	/**
	 * Whether a token opens a bracket pair.
	 *
	 * @param int $index Token index.
	 * @return bool
	 */
	private function opens( int $index ): bool {
		return $this->tokens[ $index ]->is( array( '(', '[', '{', T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ) );
	}

	/**
	 * Index of the bracket that closes the one at an index (the last token when unbalanced).
	 *
	 * @param int $open Index of (, [, { or an interpolation's {.
	 * @return int
	 */
	private function closing( int $open ): int {
		$depth = 0;
		for ( $i = $open; $i < $this->count; $i++ ) {
			if ( $this->opens( $i ) ) {
				++$depth;
			} elseif ( $this->tokens[ $i ]->is( array( ')', ']', '}' ) ) && 0 === --$depth ) {
				return $i;
			}
		}
		return $this->count - 1;
	}

	/**
	 * The indexes among a list that are code (not whitespace or comments).
	 *
	 * @param int[] $indexes Token indexes.
	 * @return int[]
	 */
	private function significant( array $indexes ): array {
		return array_filter( $indexes, fn( $i ) => ! $this->tokens[ $i ]->isIgnorable() );
	}

	/**
	 * Index of the next code token after an index, or null.
	 *
	 * @param int $index Token index.
	 * @return int|null
	 */
	private function next( int $index ): ?int {
		for ( $i = $index + 1; $i < $this->count; $i++ ) {
			if ( ! $this->tokens[ $i ]->isIgnorable() ) {
				return $i;
			}
		}
		return null;
	}

	/**
	 * Index of the previous code token before an index, or null.
	 *
	 * @param int $index Token index.
	 * @return int|null
	 */
	private function previous( int $index ): ?int {
		for ( $i = $index - 1; $i >= 0; $i-- ) {
			if ( ! $this->tokens[ $i ]->isIgnorable() ) {
				return $i;
			}
		}
		return null;
	}
}

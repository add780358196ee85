<?php
/**
 * What WordPress.org's Plugin Check looked for in the release's PHP and what matters here, with PHP's own
 * tokenizer (Plugin Check cannot be installed from npm or Debian). Run by tests/release/zip-contents.test.mjs:
 *
 *   php tests/release/lib/php-source-checks.php <unpacked plugin folder> <text domain>
 *
 * Prints one JSON object:
 * - files:        PHP files checked (relative paths);
 * - directAccess: files whose first statement (after declare/namespace/use) is not an ABSPATH guard
 *                 (`defined( 'ABSPATH' ) || exit;`, `if ( ! defined( 'ABSPATH' ) ) exit;` and their die/or
 *                 forms; uninstall.php's WP_UNINSTALL_PLUGIN guard is stricter and counts too), unless the
 *                 whole file only returns a literal array (wp-scripts' *.asset.php);
 * - i18nCalls:    number of translation calls found; wrongDomain: those whose domain is not the literal one
 *                 (the loaders load_plugin_textdomain() and wp_set_script_translations() may also name a class
 *                 constant defined as that literal: extraction tools read only the translation calls);
 * - debugCalls:   error_log/var_dump/print_r (without return)/debug_backtrace/… calls without a justified
 *                 `phpcs:ignore WordPress.PHP.DevelopmentFunctions… -- reason` on the line or the line above;
 *                 justifiedDebugCalls: the ones with it.
 *
 * @package RecruitingReports
 */

// Translation functions => position of their text domain argument.
const RR_I18N_DOMAIN_ARGUMENT = array(
	'__'                         => 1,
	'_e'                         => 1,
	'esc_html__'                 => 1,
	'esc_html_e'                 => 1,
	'esc_attr__'                 => 1,
	'esc_attr_e'                 => 1,
	'translate'                  => 1,
	'_x'                         => 2,
	'_ex'                        => 2,
	'esc_html_x'                 => 2,
	'esc_attr_x'                 => 2,
	'_n_noop'                    => 2,
	'_n'                         => 3,
	'_nx_noop'                   => 3,
	'_nx'                        => 4,
	'load_plugin_textdomain'     => 0,
	'wp_set_script_translations' => 1,
);

// Functions that load a domain's translations rather than translate: their domain may be a class constant.
const RR_I18N_LOADERS = array( 'load_plugin_textdomain', 'wp_set_script_translations' );

// Debugging functions; the value is the position of a "return instead of print" argument, or null.
const RR_DEBUG_FUNCTIONS = array(
	'error_log'             => null,
	'var_dump'              => null,
	'debug_zval_dump'       => null,
	'debug_backtrace'       => null,
	'debug_print_backtrace' => null,
	'print_r'               => 1,
	'var_export'            => 1,
);

$rr_root   = rtrim( $argv[1], '/' );
$rr_domain = $argv[2];
$rr_result = array(
	'files'               => array(),
	'directAccess'        => array(),
	'i18nCalls'           => 0,
	'wrongDomain'         => array(),
	'debugCalls'          => array(),
	'justifiedDebugCalls' => array(),
);
$rr_sources = array(); // Relative path => tokens.
foreach ( new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $rr_root, FilesystemIterator::SKIP_DOTS ) ) as $rr_file ) {
	if ( 'php' === $rr_file->getExtension() ) {
		$rr_sources[ substr( $rr_file->getPathname(), strlen( $rr_root ) + 1 ) ] = token_get_all( file_get_contents( $rr_file->getPathname() ) );
	}
}
ksort( $rr_sources );
$rr_constants = array_merge( ...array_values( array_map( 'rr_string_constants', $rr_sources ) ) );
foreach ( $rr_sources as $rr_relative => $rr_tokens ) {
	$rr_result['files'][] = $rr_relative;
	if ( ! rr_refuses_direct_access( $rr_tokens ) ) {
		$rr_result['directAccess'][] = $rr_relative;
	}
	rr_check_calls( $rr_tokens, $rr_relative, $rr_domain, $rr_constants, $rr_result );
}
echo json_encode( $rr_result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ), "\n";

/**
 * The tokens that carry code (no whitespace, comments or open tag).
 *
 * @param array $tokens token_get_all()'s result.
 * @return array
 */
function rr_code_tokens( array $tokens ): array {
	$skip = array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT, T_OPEN_TAG );
	return array_values( array_filter( $tokens, static fn( $token ) => ! is_array( $token ) || ! in_array( $token[0], $skip, true ) ) );
}

/**
 * Whether the file's first statement is an ABSPATH guard, or the file only returns a literal array.
 *
 * @param array $tokens token_get_all()'s result.
 */
function rr_refuses_direct_access( array $tokens ): bool {
	$code                = rr_code_tokens( $tokens );
	$literal             = array( T_RETURN, T_ARRAY, T_CONSTANT_ENCAPSED_STRING, T_LNUMBER, T_DNUMBER, T_DOUBLE_ARROW, T_STRING );
	$only_literal_return = $code && is_array( $code[0] ) && T_RETURN === $code[0][0];
	foreach ( $code as $token ) {
		// T_STRING only as true/false/null: any other name could be a function call or a constant with effects.
		$is_literal = is_array( $token )
			? in_array( $token[0], $literal, true ) && ( T_STRING !== $token[0] || in_array( strtolower( $token[1] ), array( 'true', 'false', 'null' ), true ) )
			: in_array( $token, array( '(', ')', '[', ']', ',', ';' ), true );
		$only_literal_return = $only_literal_return && $is_literal;
	}
	if ( $only_literal_return ) {
		return true;
	}
	$source = implode( '', array_map( static fn( $token ) => is_array( $token ) ? $token[1] : $token, $code ) );
	// Statements that may come before the guard: declare(), namespace and use.
	$source = preg_replace( '/^(?:(?:declare\([^)]*\)|namespace[^;{]+|use[^;]+);)*/i', '', $source );
	$stop   = '(?:exit|die)(?:\([^)]*\))?;';
	$const  = '([\'"])(?:ABSPATH|WP_UNINSTALL_PLUGIN)';
	return 1 === preg_match( "/^(?:defined\\({$const}\\1\\)(?:\\|\\||or){$stop}|if\\(!defined\\({$const}\\2\\)\\)(?:{$stop}|\\{{$stop}\\}))/i", $source );
}

/**
 * Finds translation and debugging function calls and records what rr_check_* says about them.
 *
 * @param array  $tokens    token_get_all()'s result.
 * @param string $file      Relative path.
 * @param string $domain    The only allowed text domain.
 * @param array  $constants rr_string_constants() of every file.
 * @param array  $result    The report, updated.
 */
function rr_check_calls( array $tokens, string $file, string $domain, array $constants, array &$result ): void {
	$code  = rr_code_tokens( $tokens );
	$class = rr_class_name( $code );
	foreach ( $code as $i => $token ) {
		$name = is_array( $token ) && in_array( $token[0], array( T_STRING, T_NAME_FULLY_QUALIFIED ), true ) ? strtolower( ltrim( $token[1], '\\' ) ) : null;
		$prev = $code[ $i - 1 ] ?? null;
		// Only global function calls: not methods, static calls, definitions or `new`.
		if ( null === $name || '(' !== ( $code[ $i + 1 ] ?? null ) || ( is_array( $prev ) && in_array( $prev[0], array( T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION, T_NEW, T_CONST ), true ) ) ) {
			continue;
		}
		$where = $file . ':' . $token[2];
		if ( array_key_exists( $name, RR_I18N_DOMAIN_ARGUMENT ) ) {
			++$result['i18nCalls'];
			$argument = rr_call_arguments( $code, $i + 1 )[ RR_I18N_DOMAIN_ARGUMENT[ $name ] ] ?? array();
			$value    = 1 === count( $argument ) && is_array( $argument[0] ) && T_CONSTANT_ENCAPSED_STRING === $argument[0][0] ? substr( $argument[0][1], 1, -1 ) : null;
			if ( null === $value && in_array( $name, RR_I18N_LOADERS, true ) && 3 === count( $argument ) && is_array( $argument[0] ) && is_array( $argument[2] ) && T_DOUBLE_COLON === ( $argument[1][0] ?? null ) ) {
				$owner = in_array( strtolower( $argument[0][1] ), array( 'self', 'static' ), true ) ? $class : basename( str_replace( '\\', '/', $argument[0][1] ) );
				$value = $constants[ $owner . '::' . $argument[2][1] ] ?? null;
			}
			if ( $value !== $domain ) {
				$result['wrongDomain'][] = $where . ' ' . $name . '(): ' . ( $argument ? rr_source( $argument ) : 'no domain' );
			}
		} elseif ( array_key_exists( $name, RR_DEBUG_FUNCTIONS ) ) {
			$return_at = RR_DEBUG_FUNCTIONS[ $name ];
			$argument  = null === $return_at ? array() : ( rr_call_arguments( $code, $i + 1 )[ $return_at ] ?? array() );
			if ( 'true' === strtolower( rr_source( $argument ) ) ) {
				continue; // print_r( $x, true ) and var_export( $x, true ) return a string.
			}
			$justified = rr_justified( $tokens, $token[2] );
			$result[ $justified ? 'justifiedDebugCalls' : 'debugCalls' ][] = $where . ' ' . $name . '()';
		}
	}
}

/**
 * The string constants a file's class declares: 'Class::NAME' => value.
 *
 * @param array $tokens token_get_all()'s result.
 * @return array<string, string>
 */
function rr_string_constants( array $tokens ): array {
	$code      = rr_code_tokens( $tokens );
	$class     = rr_class_name( $code );
	$constants = array();
	foreach ( $code as $i => $token ) {
		$value = $code[ $i + 3 ] ?? null;
		if ( is_array( $token ) && T_CONST === $token[0] && '=' === ( $code[ $i + 2 ] ?? null ) && is_array( $value ) && T_CONSTANT_ENCAPSED_STRING === $value[0] && ';' === ( $code[ $i + 4 ] ?? null ) ) {
			$constants[ $class . '::' . $code[ $i + 1 ][1] ] = substr( $value[1], 1, -1 );
		}
	}
	return $constants;
}

/**
 * The short name of the first class (or interface, trait, enum) a file declares, or ''.
 *
 * @param array $code Code tokens.
 */
function rr_class_name( array $code ): string {
	foreach ( $code as $i => $token ) {
		if ( is_array( $token ) && in_array( $token[0], array( T_CLASS, T_INTERFACE, T_TRAIT, T_ENUM ), true ) && is_array( $code[ $i + 1 ] ?? null ) && T_STRING === $code[ $i + 1 ][0] ) {
			return $code[ $i + 1 ][1];
		}
	}
	return '';
}

/**
 * The arguments of the call whose `(` is at $open, each as its tokens.
 *
 * @param array $code Code tokens.
 * @param int   $open Index of the opening parenthesis.
 * @return array[]
 */
function rr_call_arguments( array $code, int $open ): array {
	$arguments = array( array() );
	$depth     = 0;
	for ( $i = $open; $i < count( $code ); $i++ ) {
		$token = $code[ $i ];
		if ( in_array( $token, array( '(', '[', '{' ), true ) || ( is_array( $token ) && in_array( $token[0], array( T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ), true ) ) ) {
			++$depth;
			if ( 1 === $depth ) {
				continue;
			}
		} elseif ( in_array( $token, array( ')', ']', '}' ), true ) ) {
			--$depth;
			if ( 0 === $depth ) {
				break;
			}
		} elseif ( ',' === $token && 1 === $depth ) {
			$arguments[] = array();
			continue;
		}
		$arguments[ count( $arguments ) - 1 ][] = $token;
	}
	return array_values( array_filter( $arguments ) );
}

/**
 * Tokens back to source text.
 *
 * @param array $tokens Tokens.
 */
function rr_source( array $tokens ): string {
	return implode( '', array_map( static fn( $token ) => is_array( $token ) ? $token[1] : $token, $tokens ) );
}

/**
 * Whether a justified `phpcs:ignore WordPress.PHP.DevelopmentFunctions… -- reason` comment is on the line or the one above.
 *
 * @param array $tokens All tokens (comments included).
 * @param int   $line   Line of the call.
 */
function rr_justified( array $tokens, int $line ): bool {
	foreach ( $tokens as $token ) {
		if ( is_array( $token ) && T_COMMENT === $token[0] && in_array( $token[2], array( $line, $line - 1 ), true )
			&& preg_match( '/phpcs:ignore\s+WordPress\.PHP\.DevelopmentFunctions\.\S+\s+--\s+\S/', $token[1] ) ) {
			return true;
		}
	}
	return false;
}

/**
 * Jest setup: jest-dom matchers and the browser APIs jsdom lacks but components use.
 */
import '@testing-library/jest-dom';

class ResizeObserverStub {
	observe() {}
	unobserve() {}
	disconnect() {}
}

if ( typeof window !== 'undefined' && ! ( 'ResizeObserver' in window ) ) {
	( window as unknown as { ResizeObserver: unknown } ).ResizeObserver =
		ResizeObserverStub;
}

if ( typeof Element !== 'undefined' && ! Element.prototype.scrollIntoView ) {
	Element.prototype.scrollIntoView = () => {};
}

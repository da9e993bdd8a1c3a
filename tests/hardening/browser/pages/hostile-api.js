// A host page that gets in the widget's way without touching its CSS (issue 14), run before
// the widget's script tag:
// - it adds an enumerable property to Object.prototype (a common mistake of old libraries);
// - it owns localStorage keys with the spec's plain names (guid, contextId, initializers);
// - (in the HTML) an element with id="chatWidget" makes window.chatWidget that element, and
//   a transformed body makes the body the containing block of fixed elements inside it.
// ?locale= sets the widget's locale (zh-cn shows the China form, which asks for country data).
Object.prototype.junk = 'x';
localStorage.setItem('guid', 'host-guid-3f2a');
localStorage.setItem('contextId', 'host-checkout');
localStorage.setItem('initializers', '{"theme":"dark"}');
window.chatWidgetConfig = { locale: new URLSearchParams(location.search).get('locale') || 'en-us' };

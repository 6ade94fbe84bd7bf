// Jest stand-in for the `altcha` web component (an ES module that needs a browser). Server-side
// rendering only needs the <altcha-widget> tag, which React renders without the definition.
export {};

// Types of webkit-driver.mjs for the TypeScript benchmarks.
/** Debian's Firefox ESR (`FIREFOX_PATH` overrides). */
export declare const FIREFOX_PATH: string;
/** WebKitGTK's MiniBrowser (`MINIBROWSER_PATH` overrides). */
export declare const MINIBROWSER_PATH: string;
/** Starts Xvfb (unless DISPLAY is set) and WebKitWebDriver; resolves with the driver's port once it accepts connections. */
export declare function startWebKitDriver(): Promise<number>;
/** Stops WebKitWebDriver and Xvfb (if this process started them). */
export declare function stopWebKitDriver(): void;

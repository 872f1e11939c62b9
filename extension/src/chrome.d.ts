/**
 * The slice of the Chrome extension API the capture extension uses, typed by hand from the
 * Chrome reference (developer.chrome.com/docs/extensions/reference) instead of adding
 * @types/chrome for a few dozen signatures. Only what the code calls is declared.
 */
declare namespace chrome {
  interface ChromeEvent<Listener extends (...args: never[]) => unknown> {
    addListener(listener: Listener): void;
    removeListener(listener: Listener): void;
  }

  namespace runtime {
    const id: string;
    const lastError: { message?: string } | undefined;
    function getURL(path: string): string;
    function getManifest(): { version: string; name: string };
    function sendMessage<Response = unknown>(message: unknown): Promise<Response>;
    function connect(info?: { name?: string }): Port;
    interface MessageSender {
      id?: string;
      tab?: tabs.Tab;
      frameId?: number;
      url?: string;
      documentId?: string;
    }
    interface Port {
      name: string;
      sender?: MessageSender;
      postMessage(message: unknown): void;
      disconnect(): void;
      onMessage: ChromeEvent<(message: unknown, port: Port) => void>;
      onDisconnect: ChromeEvent<(port: Port) => void>;
    }
    const onMessage: ChromeEvent<(message: unknown, sender: MessageSender, sendResponse: (response?: unknown) => void) => boolean | undefined | void>;
    const onConnect: ChromeEvent<(port: Port) => void>;
    const onInstalled: ChromeEvent<(details: { reason: string }) => void>;
    const onStartup: ChromeEvent<() => void>;
  }

  namespace tabs {
    interface Tab {
      id?: number;
      index: number;
      windowId: number;
      active: boolean;
      url?: string;
      title?: string;
      status?: string;
      lastAccessed?: number;
    }
    function query(query: { active?: boolean; windowType?: 'normal' | 'popup'; currentWindow?: boolean; lastFocusedWindow?: boolean; windowId?: number; url?: string | string[] }): Promise<Tab[]>;
    function get(tabId: number): Promise<Tab>;
    function create(properties: { url: string; active?: boolean; index?: number; windowId?: number; openerTabId?: number }): Promise<Tab>;
    function update(tabId: number, properties: { active?: boolean; url?: string }): Promise<Tab>;
    function remove(tabId: number): Promise<void>;
    function captureVisibleTab(windowId: number, options: { format: 'png' | 'jpeg'; quality?: number }): Promise<string>;
    function sendMessage<Response = unknown>(tabId: number, message: unknown, options?: { frameId?: number }): Promise<Response>;
    const onActivated: ChromeEvent<(info: { tabId: number; windowId: number }) => void>;
    const onUpdated: ChromeEvent<(tabId: number, change: { status?: string; url?: string; title?: string }, tab: Tab) => void>;
    const onRemoved: ChromeEvent<(tabId: number, info: { windowId: number; isWindowClosing: boolean }) => void>;
  }

  namespace windows {
    function update(windowId: number, info: { focused?: boolean }): Promise<unknown>;
    function create(info: { url?: string; type?: 'normal' | 'popup'; width?: number; height?: number; focused?: boolean }): Promise<{ id?: number }>;
  }

  namespace action {
    function setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
    function setBadgeBackgroundColor(details: { color: string; tabId?: number }): Promise<void>;
    function setBadgeTextColor(details: { color: string; tabId?: number }): Promise<void>;
    function setTitle(details: { title: string; tabId?: number }): Promise<void>;
  }

  namespace storage {
    interface StorageArea {
      get(keys: string | string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    }
    const local: StorageArea;
    const session: StorageArea;
  }

  namespace cookies {
    interface Cookie {
      name: string;
      value: string;
      domain: string;
      path: string;
      secure: boolean;
      httpOnly: boolean;
      sameSite: 'no_restriction' | 'lax' | 'strict' | 'unspecified';
      session: boolean;
      expirationDate?: number;
    }
    function getAll(details: { url: string }): Promise<Cookie[]>;
  }

  namespace scripting {
    function executeScript(injection: { target: { tabId: number; allFrames?: boolean; frameIds?: number[] }; files: string[] }): Promise<unknown[]>;
  }

  namespace webNavigation {
    interface CommittedDetails {
      tabId: number;
      frameId: number;
      url: string;
      transitionType: string;
      transitionQualifiers: string[];
      timeStamp: number;
    }
    interface FrameDetails {
      tabId: number;
      frameId: number;
      url: string;
      timeStamp: number;
    }
    const onCommitted: ChromeEvent<(details: CommittedDetails) => void>;
    const onHistoryStateUpdated: ChromeEvent<(details: CommittedDetails) => void>;
    const onCompleted: ChromeEvent<(details: FrameDetails) => void>;
    function getFrame(details: { tabId: number; frameId: number }): Promise<{ parentFrameId: number; url: string } | null>;
  }

  namespace commands {
    const onCommand: ChromeEvent<(command: string, tab?: tabs.Tab) => void>;
  }

  namespace alarms {
    function create(name: string, info: { delayInMinutes?: number; periodInMinutes?: number }): Promise<void>;
    function clear(name: string): Promise<boolean>;
    const onAlarm: ChromeEvent<(alarm: { name: string }) => void>;
  }
}

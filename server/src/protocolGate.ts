/**
 * The lifecycle rules of the Language Server Protocol (specification 3.17, "Server lifetime"),
 * kept at the message level, before anything is dispatched to a handler:
 * - until `initialize`, a request is answered with -32002 (ServerNotInitialized) and a
 *   notification other than `exit` is dropped;
 * - a second `initialize` is answered with -32600 (InvalidRequest), and the server goes on;
 * - after `shutdown`, a request is answered with -32600 and a notification other than `exit`
 *   is dropped.
 * vscode-languageserver dispatches every request to its handler whatever the state (a hover
 * before `initialize` got `null`, a second `initialize` re-ran the start), so the gate sits
 * in the reader: what it refuses never reaches the connection.
 */
import { ErrorCodes, Message, type MessageReader, type MessageWriter, type RequestMessage, type ResponseMessage } from "vscode-languageserver/node";

type State = "waiting" | "initializing" | "running" | "shutDown";

/**
 * `reader`, with the messages the lifecycle refuses answered on `writer` (requests) or dropped
 * (notifications); `shutDown` says whether `shutdown` came (the exit code when the input ends).
 */
export function gatedReader(reader: MessageReader, writer: MessageWriter): MessageReader & { readonly shutDown: boolean } {
  let state: State = "waiting";
  const refuse = (request: RequestMessage, code: number, message: string) => {
    const response: ResponseMessage = { jsonrpc: "2.0", id: request.id, error: { code, message } };
    void writer.write(response).catch(() => undefined);
  };
  /** Whether the message goes on to the connection. */
  const admit = (message: Message): boolean => {
    if (Message.isResponse(message)) return true;
    if (Message.isNotification(message)) {
      if (message.method === "exit") return true;
      if (state === "initializing" && message.method === "initialized") state = "running";
      return state === "initializing" || state === "running";
    }
    if (!Message.isRequest(message)) return false;
    if (state === "waiting") {
      if (message.method === "initialize") {
        state = "initializing";
        return true;
      }
      refuse(message, ErrorCodes.ServerNotInitialized, `the server is not initialized: send \`initialize\` before \`${message.method}\``);
      return false;
    }
    if (state === "shutDown") {
      refuse(message, ErrorCodes.InvalidRequest, `the server is shut down: after \`shutdown\` only the \`exit\` notification is accepted, not \`${message.method}\``);
      return false;
    }
    if (message.method === "initialize") {
      refuse(message, ErrorCodes.InvalidRequest, "`initialize` may be sent only once; the server goes on with the first");
      return false;
    }
    if (message.method === "shutdown") state = "shutDown";
    return true;
  };
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    listen: (callback) => reader.listen((message) => {
      if (admit(message)) callback(message);
    }),
    dispose: () => reader.dispose(),
    get shutDown() {
      return state === "shutDown";
    },
  };
}

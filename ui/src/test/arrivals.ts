import type { Arrival } from "../ipc/bindings/Arrival";
import type { Answer } from "./fakeIpc";

/**
 * The app's side of `watch_arrivals`: `arrive` hands the page what the
 * system would (a link, a dropped file, a native menu's item), as
 * `desk::arrivals` sends it on the page's channel.
 */
export function fakeArrivals() {
  let send: (arrival: Arrival) => void = () => {};
  const watch_arrivals: Answer = ({ onArrival }) => {
    const channel = onArrival as { onmessage: (arrival: Arrival) => void };
    send = (arrival) => channel.onmessage(arrival);
    return null;
  };
  return { watch_arrivals, arrive: (arrival: Arrival) => send(arrival) };
}

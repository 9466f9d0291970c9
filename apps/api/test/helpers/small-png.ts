// A tiny real image for request builders that must stay synchronous (no image library needed).
/** A 64 × 40 PNG (grey, a red 8 × 8 block at 4, 4), for request builders that must stay synchronous. */
export const SMALL_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAYAAABOzvzpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAlUlEQVRoge3YuQ3DQBDFUPZf2Q/d0bgDJw4oQAxeTiykPYZt92bYATbsABt2wOMW4AM/2cEtwPoCrl9g7QHXJrhOgesYXBeh6ya4rsLXW2A9hq7X4HoOX/OANRC5JkJrJHZ/jcT2MtgBNuwAG3aADTvAhh1gww6wYQfYsANs2AE27AAbdoANO8CGHWDDDrBhB9iwA2xffEIF8C3jYBkAAAAASUVORK5CYII=";

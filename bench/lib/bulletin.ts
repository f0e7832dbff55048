/**
 * The multipart body the broadcast dialog posts for the benchmarks' bulletins: an emergency
 * (message type 2, priority 1) to every device of `areaIds`, one relay item of `seconds`, no repeat.
 * The relay is the discard port of this machine: nothing listens, and a silent fleet does not open it
 * (the benchmark server allows 127.0.0.1 for it, bench/lib/server.ts).
 */
export function bulletinForm(title: string, areaIds: string[], seconds: number): FormData {
  const form = new FormData();
  form.append('thongtin', JSON.stringify({
    tieude: title, loaibantin: 2, uutien: 1, diabanchon: areaIds, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1,
  }));
  form.append('nguonphat', JSON.stringify([{ kieunguon: 'Tiếp Sóng', thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: seconds }]));
  return form;
}

// Apart from messages.ts: the server's validation and the console's English strings read them, the
// console's first load does not (docs/performance.md, "Console first load").
/**
 * Input validation sentences (issue #15 items 6 and 12, audit area): one per kind of problem,
 * naming the field by its label, so no raw validator wording ever reaches a user.
 */
export const INPUT_MESSAGES = {
  unsafeText: (label: string) => `Trường "${label}" chứa ký tự không hợp lệ (ký tự rỗng, ký tự đảo chiều văn bản hoặc ký tự Unicode bị lỗi). Hãy xoá ký tự đó rồi nhập lại!`,
  required: (label: string) => `Bạn chưa nhập trường "${label}"!`,
  mustBe: (label: string, kind: string) => `Trường "${label}" phải là ${kind}!`,
  empty: (label: string) => `Trường "${label}" không được để trống!`,
  minLength: (label: string, n: string) => `Trường "${label}" phải có ít nhất ${n} ký tự!`,
  maxLength: (label: string, n: string) => `Trường "${label}" dài quá ${n} ký tự cho phép!`,
  minItems: (label: string, n: string) => `Trường "${label}" phải có ít nhất ${n} mục!`,
  maxItems: (label: string, n: string) => `Trường "${label}" có quá ${n} mục cho phép!`,
  minNumber: (label: string, n: string, inclusive: boolean) => `Trường "${label}" phải ${inclusive ? 'lớn hơn hoặc bằng' : 'lớn hơn'} ${n}!`,
  maxNumber: (label: string, n: string, inclusive: boolean) => `Trường "${label}" phải ${inclusive ? 'nhỏ hơn hoặc bằng' : 'nhỏ hơn'} ${n}!`,
  multipleOf: (label: string, n: string) => `Trường "${label}" phải là bội số của ${n}!`,
  format: (label: string, what: string) => `Trường "${label}" không đúng định dạng ${what}!`,
  oneOf: (label: string, values: string) => `Trường "${label}" chỉ nhận một trong các giá trị: ${values}!`,
  unknownFields: (names: string) => `Dữ liệu gửi lên có trường không được phép: ${names}!`,
  invalid: (label: string) => `Trường "${label}" không hợp lệ!`,
  bodyInvalid: 'Dữ liệu gửi lên không hợp lệ, hãy kiểm tra lại các trường đã nhập!',
  /** Names of value kinds, as a sentence continues "phải là …". */
  kinds: {
    string: 'văn bản', number: 'một số', int: 'một số nguyên', bigint: 'một số nguyên', boolean: 'đúng hoặc sai', array: 'một danh sách',
    object: 'một nhóm thông tin', date: 'một ngày hợp lệ', null: 'để trống',
  } as Record<string, string>,
  /** Names of text formats, as a sentence continues "không đúng định dạng …". */
  formats: {
    email: 'email', url: 'đường dẫn (URL)', uuid: 'mã (UUID)', regex: 'yêu cầu', datetime: 'ngày giờ', date: 'ngày', time: 'giờ',
    ipv4: 'địa chỉ IPv4', ipv6: 'địa chỉ IPv6', starts_with: 'yêu cầu', ends_with: 'yêu cầu', includes: 'yêu cầu',
  } as Record<string, string>,
} as const;

import type { GuideSection } from './guideTypes';

/** The user guide in Vietnamese. The emergency procedure comes first. */
export const GUIDE_VI: GuideSection[] = [
  {
    id: 'phat-khan-cap',
    title: 'Quy trình phát khẩn cấp',
    urgent: true,
    image: 'emergency.webp',
    paragraphs: [
      'Dùng khi cần báo ngay cho người dân: thiên tai, cháy, mất điện diện rộng, dịch bệnh. Bản tin phát ngay lập tức, chen trước mọi lịch phát đang chạy trên các loa được chọn.',
      'Chỉ tài khoản có quyền "Soạn, sửa, xoá và phát chương trình" mới bấm được nút Phát khẩn cấp.',
    ],
    steps: [
      'Bấm nút đỏ "Phát khẩn cấp" trên thanh trên cùng (có ở mọi màn hình).',
      'Nhập tên chương trình, ví dụ "Thông báo khẩn: bão số 3".',
      'Chọn địa bàn; sau đó chọn thiết bị hoặc "Tất cả thiết bị" của các địa bàn đó.',
      'Chọn loại bản tin và mức ưu tiên: mặc định "Bản tin khẩn cấp"; "Bản tin ưu tiên" và "Bản tin thông thường" nhường loa cho bản tin mức cao hơn.',
      'Bấm "Thêm nguồn phát": tải tệp MP3, chọn kênh tiếp sóng, gõ văn bản để chuyển thành giọng nói, hoặc ghi âm trực tiếp bằng micro.',
      'Kéo để sắp xếp thứ tự các nguồn; kiểm tra tổng thời lượng. Chọn kiểu lặp lại nếu cần phát nhiều lần.',
      'Bấm "Phát". Chờ thanh tải lên đạt 100 % ("đang chuẩn bị phát").',
      'Theo dõi trong bảng "Đang phát" (nút bên cạnh): thẻ của bản tin đếm ngược thời gian còn lại. Bấm "Dừng" để kết thúc trên mọi loa.',
    ],
    tips: [
      'Các loa bắt đầu phát trong khoảng 3 giây. Loa mất kết nối sẽ không nhận được bản tin — kiểm tra ở màn hình Quản lý thiết bị.',
      'Mọi lần phát và dừng đều được ghi vào Nhật ký hệ thống.',
    ],
  },
  {
    id: 'phat-truc-tiep',
    title: 'Phát trực tiếp bằng micrô',
    paragraphs: [
      'Nói trực tiếp qua micrô của máy tính tới các loa đã chọn, ví dụ khi cần hướng dẫn người dân sơ tán. Cần quyền "Soạn, sửa, xoá và phát chương trình" và chỉ phát được tới địa bàn trong phạm vi của bạn.',
      'Giọng nói đi tới loa chậm khoảng một giây. Bản tin đang phát với mức ưu tiên thấp hơn tạm dừng và tự phát tiếp khi bạn dừng.',
    ],
    steps: [
      'Bấm "Phát trực tiếp" trên thanh trên cùng, hoặc "Phát trực tiếp bằng micrô" trong hộp thoại Phát khẩn cấp.',
      'Nhập tên chương trình, chọn địa bàn, thiết bị và loại bản tin như khi phát khẩn cấp.',
      'Chọn có phát chuông báo trước khi nói hay không, và cách nói: bấm để bật/tắt micrô, hoặc giữ nút để nói.',
      'Bấm "Bắt đầu phát trực tiếp" và cho phép trình duyệt dùng micrô. Khi chuông báo dứt, hãy nói; thanh mức âm thanh cho biết micrô đang thu.',
      'Bấm "Dừng phát trực tiếp" khi xong. "Thu nhỏ" cất hộp thoại để xem bản đồ hay bảng "Đang phát"; nút "Đang trực tiếp" trên thanh trên cùng mở lại.',
    ],
    tips: [
      'Đóng thẻ trình duyệt, mất mạng hoặc 10 giây không có âm thanh đều dừng phát trên mọi loa.',
      'Không thể phát trực tiếp đè lên phát trực tiếp của người khác trên cùng loa: thông báo sẽ nói ai đang phát.',
      'Nghe lại bằng nút "Nghe" trên thẻ của bản tin trong bảng "Đang phát".',
    ],
  },
  {
    id: 'tong-quan',
    title: 'Tổng quan',
    image: 'overview.webp',
    paragraphs: [
      'Màn hình đầu tiên sau khi đăng nhập. Các thẻ số cho biết số tài khoản, số thiết bị trực tuyến, mất kết nối và đang phát, số địa bàn và số mục nhật ký hôm nay.',
      'Biểu đồ cho thấy thiết bị theo địa bàn, số lần phát trong ngày và trong tuần theo loại bản tin; danh sách lịch sắp phát và các lỗi thiết bị gần đây.',
    ],
  },
  {
    id: 'thiet-bi',
    title: 'Quản lý thiết bị',
    image: 'devices.webp',
    paragraphs: [
      'Bảng mọi loa trong phạm vi của bạn, cập nhật trực tiếp: trạng thái kết nối (chấm màu), âm lượng, tín hiệu, phiên bản phần mềm, địa chỉ IP và lần cuối liên lạc.',
      'Tìm theo tên, lọc theo địa bàn và trạng thái, sắp xếp theo cột. Nút ⋮ ở cuối mỗi dòng mở các thao tác: sửa, đặt âm lượng, khởi động lại, xem lịch sử kết nối và lịch sử bản tin, cấp lại khoá bí mật, xoá.',
    ],
    steps: [
      'Bấm "Thêm thiết bị", nhập tên, địa bàn, số sê-ri và toạ độ (nếu có).',
      'Sao chép mã thiết bị và khoá bí mật hiện ra — khoá chỉ hiện một lần — rồi nạp vào loa.',
    ],
  },
  {
    id: 'ban-do',
    title: 'Bản đồ thiết bị',
    image: 'map.webp',
    paragraphs: [
      'Vị trí các loa có toạ độ trên bản đồ, tô màu theo trạng thái. Các loa gần nhau được gom thành cụm; phóng to để xem từng loa. Bấm vào loa để xem tên, địa bàn và trạng thái.',
    ],
  },
  {
    id: 'dia-ban',
    title: 'Quản lý địa bàn',
    image: 'areas.webp',
    paragraphs: [
      'Cây địa bàn theo cấp tỉnh → huyện → xã → thôn. Mỗi địa bàn cho biết số thiết bị và số đang trực tuyến.',
      'Thêm địa bàn con, đổi tên hoặc chuyển sang địa bàn cha khác. Chỉ xoá được địa bàn không còn địa bàn con, thiết bị hay tài khoản.',
    ],
  },
  {
    id: 'cau-hinh-thiet-bi',
    title: 'Cấu hình thiết bị',
    image: 'device-config.webp',
    paragraphs: [
      'Đặt thông số cho một loa hoặc cho cả một địa bàn (áp dụng cho mọi loa bên dưới): âm lượng mặc định, giờ im lặng và các thông số kỹ thuật khác. Cấu hình riêng của một loa được ưu tiên hơn cấu hình của địa bàn.',
    ],
  },
  {
    id: 'cap-nhat-phan-mem',
    title: 'Cập nhật phần mềm',
    paragraphs: [
      'Cập nhật phần mềm của các cụm loa từ xa. Tải lên gói phần mềm (.deb) cùng tệp chữ ký (.sig); gói bị sửa đổi hoặc sai chữ ký bị từ chối và ghi vào nhật ký hệ thống.',
      'Một đợt cập nhật đi theo từng giai đoạn, thường là một loa, rồi một xã, rồi các loa còn lại. Loa không được cập nhật khi đang phát, sắp đến lịch phát, hoặc trong giờ tĩnh (trừ khi chọn cập nhật cả trong giờ tĩnh). Loa nào không kết nối lại được sau khi cài sẽ tự quay về phiên bản cũ.',
    ],
    steps: [
      'Chọn phiên bản và các giai đoạn, rồi bấm "Bắt đầu cập nhật" và xác nhận.',
      'Theo dõi tiến độ theo từng địa bàn; cột "Phần mềm" trong danh sách thiết bị cho biết phiên bản mỗi loa đang chạy.',
      'Bấm "Tạm dừng" để giữ các loa chưa nhận lệnh, "Tiếp tục" để chạy lại, hoặc "Hoàn lại" để đưa các loa đã cập nhật về phiên bản cũ.',
    ],
  },
  {
    id: 'lich-phat',
    title: 'Quản lý lịch phát',
    image: 'schedules.webp',
    paragraphs: [
      'Lịch phát theo giờ Việt Nam, lặp theo ngày trong tuần hoặc theo ngày cụ thể. Lịch mới có thể phải chờ người có quyền "Duyệt lịch phát" duyệt trước khi chạy; người duyệt nhận được thông báo.',
      'Hệ thống báo khi hai lịch trùng giờ trên cùng loa. Mỗi lần phát chỉ chạy một lần kể cả khi máy chủ khởi động lại.',
    ],
    steps: [
      'Bấm "Tạo lịch phát", chọn chương trình hoặc nguồn phát, địa bàn và thiết bị.',
      'Chọn giờ bắt đầu, các ngày lặp lại, rồi lưu.',
      'Theo dõi trạng thái: chờ duyệt, đã duyệt, đang phát, đã bỏ lỡ.',
    ],
  },
  {
    id: 'chuong-trinh',
    title: 'Quản lý chương trình',
    image: 'programmes.webp',
    paragraphs: [
      'Chương trình là danh sách nguồn phát có thứ tự (tệp âm thanh, tiếp sóng, giọng nói tổng hợp) dùng lại được trong nhiều lịch phát. Thư viện tệp giữ các tệp MP3 đã tải lên.',
    ],
  },
  {
    id: 'tai-khoan',
    title: 'Quản lý tài khoản',
    image: 'accounts.webp',
    paragraphs: [
      'Chỉ hiện với người có quyền "Quản lý tài khoản". Bảng tài khoản cho biết vai trò (Quản Trị Viên có huy hiệu, hoặc Người Dùng), quyền hạn, địa bàn và trạng thái (đã khoá, phải đổi mật khẩu).',
      'Bạn chỉ cấp được những quyền mà chính bạn có, và chỉ trong địa bàn bạn quản lý.',
    ],
    steps: [
      'Bấm "Tạo tài khoản": nhập tên tài khoản, mật khẩu (ít nhất 8 ký tự), họ tên, email, số điện thoại; chọn loại tài khoản, địa bàn và đánh dấu các quyền; bấm "Lưu".',
      'Biểu tượng khoá để khoá hoặc mở khoá; tài khoản bị khoá bị đăng xuất khỏi mọi thiết bị.',
      'Biểu tượng chìa khoá để đặt lại mật khẩu: mật khẩu tạm chỉ hiện một lần, người dùng phải đổi ở lần đăng nhập tới.',
      'Thẻ "Lời mời": mời qua email, người được mời tự chọn tên tài khoản và mật khẩu. Thẻ "Hộp thư gửi đi": thư được lưu khi máy chủ chưa cấu hình SMTP.',
    ],
  },
  {
    id: 'nhat-ky',
    title: 'Nhật ký hệ thống',
    image: 'system-log.webp',
    paragraphs: [
      'Chỉ hiện với người có quyền "Xem nhật ký hệ thống". Mỗi dòng cho biết ai, làm gì, trên đối tượng nào, lúc nào (HH:mm:ss - DD/MM/YYYY), từ địa chỉ IP nào và kết quả (thành công, thất bại, bị từ chối). Nhật ký không sửa hay xoá được.',
      'Lọc theo người dùng, hành động, địa bàn và khoảng ngày, bấm "Lọc". Bấm "Tải thêm" để xem các mục cũ hơn; "Xuất CSV" tải về toàn bộ các mục phù hợp (mở được bằng Excel).',
    ],
  },
  {
    id: 'thong-bao',
    title: 'Thông báo',
    image: 'notifications.webp',
    paragraphs: [
      'Chuông trên thanh trên cùng hiện số thông báo chưa đọc và phát một tiếng chuông khi có thông báo mới: thiết bị mất kết nối lâu, chương trình bắt đầu hoặc dừng phát, lịch phát chờ duyệt.',
      'Bấm vào thông báo để đánh dấu đã đọc và mở màn hình liên quan. "Xem tất cả" mở trang Thông báo, lọc tất cả hoặc chưa đọc, và đánh dấu tất cả đã đọc.',
      'Người quản lý tài khoản có thể chuyển tiếp thông báo tới Telegram hoặc một webhook: chọn sự kiện, nhập cấu hình, bật chuyển tiếp, rồi bấm "Gửi thử".',
    ],
  },
  {
    id: 'ho-so',
    title: 'Thông tin tài khoản của bạn',
    image: 'profile.webp',
    paragraphs: [
      'Bấm tên của bạn ở góc trên bên phải, chọn "Thông tin tài khoản". Thẻ "Thay đổi thông tin" để sửa họ tên, email, số điện thoại; "Đổi mật khẩu"; "Quản lý đăng nhập" để xem và đăng xuất các thiết bị khác.',
      'Nếu email chưa xác thực, bấm "Xác thực email" ở cột bên trái rồi mở liên kết trong thư.',
      'Khi quản trị viên đặt lại mật khẩu của bạn, hệ thống mở ngay thẻ "Đổi mật khẩu": hãy đổi mật khẩu để tiếp tục làm việc.',
    ],
  },
  {
    id: 'ket-noi-tinh',
    title: 'Kết nối Hệ thống thông tin nguồn cấp tỉnh',
    paragraphs: [
      'Khi quản trị hệ thống đã cấu hình kết nối, Loa tự gửi lên tỉnh địa bàn, thiết bị, bản tin (cả khi sửa, dừng hay xoá), trạng thái thiết bị và nhật ký phát. Mất kết nối không làm mất gì: thông điệp chờ trong hàng đợi và được gửi lại cho tới khi tỉnh nhận.',
      'Tỉnh gửi xuống bằng một khoá API (màn hình Kết nối, mục Khoá API): bản tin khẩn cấp phát ngay; bản tin khác thành lịch phát chờ duyệt, người có quyền duyệt sẽ nhận thông báo. Nhật ký hệ thống ghi tên khoá đã gửi.',
    ],
    steps: [
      'Mở "Kết nối" trên menu, xem mục "Hệ thống thông tin nguồn cấp tỉnh": trạng thái kết nối, lần gửi thành công cuối và lỗi gần nhất.',
      'Lần đầu kết nối, bấm "Đồng bộ toàn bộ" để gửi mọi địa bàn và thiết bị đã có lên tỉnh.',
      'Nếu có thông điệp "Bị từ chối", đọc lý do ở cột "Lỗi gần nhất", sửa dữ liệu (ví dụ số sê-ri) rồi bấm "Gửi lại".',
    ],
  },
];

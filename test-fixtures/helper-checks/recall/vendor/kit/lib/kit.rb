require "kit/request_helpers"
require "kit/book_session"
